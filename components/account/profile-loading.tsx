/** "Cargando perfil..." while no user is loaded (both areas' profile screens). */
export function ProfileLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4">
      <div role="status" className="flex items-center gap-3 text-base font-medium text-ink-700">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
        Cargando perfil...
      </div>
    </div>
  );
}
