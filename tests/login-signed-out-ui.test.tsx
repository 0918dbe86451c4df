// @vitest-environment jsdom
// Arriving at /login from «Cerrar sesión»: the toasts still on screen from the session (the Toaster
// lives in the root layout and survives the navigation) go, and «Sesión cerrada» shows alone, so
// nothing of the session stays in view for the next person at the computer. Real sonner; the
// login action and the router are not reached.
import "./setup/dom";
import { render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({ useRouter: () => ({ replace: () => undefined, push: () => undefined, refresh: () => undefined }) }));
vi.mock("@/lib/auth/actions", () => ({ loginAction: async () => ({ status: "idle" }) }));

const { notify } = await import("@/components/ui/toast");
const { LoginForm } = await import("@/components/auth/login-form");

describe("the login screen after signing out", () => {
  it("takes the session's toasts off the screen and says «Sesión cerrada»", async () => {
    render(<Toaster />);
    // Held on screen as a toast the pointer rests on would be.
    notify.error("No se pudo enviar la factura F001-00000042 a Comercial Andina S.A.C.", { duration: 60_000 });
    expect(await screen.findByText(/Comercial Andina/, {}, { timeout: 15_000 })).toBeTruthy();

    render(<LoginForm callbackUrl="/admin/dashboard" google={null} signedOut />);
    expect(await screen.findByText("Sesión cerrada", {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Comercial Andina/)).toBeNull(), { timeout: 10_000 });
  });
});
