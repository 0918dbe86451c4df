import { googleSignInAction } from "@/lib/auth/actions";

/**
 * This form always posts a FormData while Google is configured (the button shows only then), so
 * the action leaves for Google or for /login: its refusal answer is for other callers.
 */
const startGoogleSignIn = googleSignInAction as (formData: FormData) => Promise<void>;

/** "Continuar con Google" (shown only when AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET are set). */
export function GoogleButton({ callbackUrl, label = "Continuar con Google" }: { callbackUrl?: string; label?: string }) {
  return (
    <form action={startGoogleSignIn}>
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      <button
        type="submit"
        className="inline-flex h-12 w-full items-center justify-center gap-3 rounded-lg border border-ink-300 bg-white px-6 text-sm font-semibold text-ink-800 shadow-sm transition-colors hover:border-ink-500 hover:bg-ink-50"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path fill="#4285F4" d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 01-2.4 3.62v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81z" />
          <path fill="#34A853" d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.29v3.11A12 12 0 0012 24z" />
          <path fill="#FBBC05" d="M5.29 14.29A7.2 7.2 0 014.91 12c0-.8.14-1.57.38-2.29V6.6H1.29A12 12 0 000 12c0 1.94.46 3.77 1.29 5.4l4-3.11z" />
          <path fill="#EA4335" d="M12 4.77c1.76 0 3.34.61 4.59 1.8l3.44-3.44C17.95 1.19 15.24 0 12 0A12 12 0 001.29 6.6l4 3.11C6.23 6.88 8.88 4.77 12 4.77z" />
        </svg>
        {label}
      </button>
    </form>
  );
}
