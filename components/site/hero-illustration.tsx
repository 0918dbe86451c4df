/** Decorative dashboard drawing for the home hero (pure markup, no image request). */
export function HeroIllustration() {
  const bars = [38, 52, 45, 64, 58, 76, 70, 88];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-lg select-none sm:block lg:max-w-none">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-accent-400/20 via-brand-400/10 to-transparent blur-2xl" />
      <div className="relative rounded-2xl border border-white/15 bg-white/[0.07] p-5 shadow-2xl backdrop-blur-sm sm:p-6">
        <div className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-white/25" />
          <span className="size-2.5 rounded-full bg-white/25" />
          <span className="size-2.5 rounded-full bg-white/25" />
        </div>
        <div className="mt-5 grid grid-cols-3 gap-3">
          {[
            ["Ventas", "+18%"],
            ["Procesos", "-32%"],
            ["Uptime", "99.9%"],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-white/10 p-3">
              <div className="text-[11px] font-medium text-brand-100">{label}</div>
              <div className="mt-1 text-lg font-bold text-white">{value}</div>
            </div>
          ))}
        </div>
        <div className="mt-4 rounded-xl bg-white/10 p-4">
          <div className="flex h-32 items-end gap-2 sm:h-40">
            {bars.map((height, index) => (
              <div
                key={index}
                className="flex-1 rounded-t-md bg-gradient-to-t from-brand-400 to-accent-300"
                style={{ height: `${height}%`, opacity: 0.55 + index * 0.055 }}
              />
            ))}
          </div>
        </div>
        <div className="mt-4 space-y-2.5">
          {[78, 62, 90].map((width, index) => (
            <div key={index} className="flex items-center gap-3">
              <span className="size-6 rounded-md bg-white/15" />
              <span className="h-2 rounded-full bg-white/20" style={{ width: `${width}%` }} />
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-5 -left-3 hidden rounded-xl bg-white px-4 py-3 shadow-xl sm:flex sm:items-center sm:gap-3">
        <span className="grid size-9 place-items-center rounded-lg bg-teal-50 text-accent-700">
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path fillRule="evenodd" d="M16.7 4.15a.75.75 0 01.14 1.05l-8 10.5a.75.75 0 01-1.12.08l-4.5-4.5a.75.75 0 111.06-1.06l3.9 3.9 7.47-9.8a.75.75 0 011.05-.17z" clipRule="evenodd" />
          </svg>
        </span>
        <span>
          <span className="block text-xs text-ink-600">Facturación electrónica</span>
          <span className="block text-sm font-semibold text-ink-900">Lista para SUNAT</span>
        </span>
      </div>
    </div>
  );
}
