// components/ui/use-action-submit.ts: the one submission of a react-hook-form form to a server
// action. A stand-in form (getValues, setError) and a recorded toast: what each outcome shows.
import { beforeEach, describe, expect, it, vi } from "vitest";

const toasts = vi.hoisted(() => [] as unknown[][]);
vi.mock("@/components/ui/toast", () => ({
  notify: {
    success: (...args: unknown[]) => void toasts.push(["success", ...args]),
    error: (...args: unknown[]) => void toasts.push(["error", ...args]),
  },
}));

const { failureUnlessOnFields, messageFailure, useActionSubmit } = await import("@/components/ui/use-action-submit");

type Values = { name: string; email: string; lines: { quantity: string }[] };

function fakeForm() {
  const errors: [string, string, boolean][] = [];
  const form = {
    getValues: () => ({ name: "Ana", email: "ana@empresa.pe", lines: [{ quantity: "1" }] }),
    setError: (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => void errors.push([name, error.message ?? "", Boolean(options?.shouldFocus)]),
    handleSubmit: () => async () => {},
  };
  return { form: form as never as Parameters<typeof useActionSubmit<Values, Values, { id: number }>>[0], errors };
}

const values: Values = { name: "Ana", email: "ana@empresa.pe", lines: [{ quantity: "1" }] };

beforeEach(() => {
  toasts.length = 0;
});

describe("useActionSubmit", () => {
  it("on success: the success toast (a text or one made from the answer), then onSuccess with the data and the values", async () => {
    const { form, errors } = fakeForm();
    const onSuccess = vi.fn();
    await useActionSubmit(form, async () => ({ ok: true as const, data: { id: 7 } }), { success: "Guardado", onSuccess })(values);
    expect(toasts).toEqual([["success", "Guardado"]]);
    expect(onSuccess).toHaveBeenCalledWith({ id: 7 }, values);

    toasts.length = 0;
    await useActionSubmit(form, async () => ({ ok: true as const, data: { id: 8 } }), { success: (data) => `Factura ${data.id} emitida` })(values);
    await useActionSubmit(form, async () => ({ ok: true as const, data: { id: 9 } }), { success: () => null })(values);
    expect(toasts).toEqual([["success", "Factura 8 emitida"]]);
    expect(errors).toEqual([]);
  });

  it("on a refusal: its field errors on the form's fields (nested ones when the form draws them, the first focused), then 'Error: {message}' and onFailure", async () => {
    const { form, errors } = fakeForm();
    const onFailure = vi.fn();
    const refusal = {
      ok: false as const,
      status: 422,
      message: "Revisa los datos.",
      errors: { email: ["Correo no válido.", "otro"], "lines.0.quantity": ["Cantidad no válida."], _: ["Argumentos"], unknown: ["Nada"], name: [] },
    };
    await useActionSubmit(form, async () => refusal, { success: "Guardado", onFailure, nestedFieldErrors: true })(values);
    expect(errors).toEqual([
      ["email", "Correo no válido.", true],
      ["lines.0.quantity", "Cantidad no válida.", false],
    ]);
    expect(toasts).toEqual([["error", "Error: Revisa los datos."]]);
    expect(onFailure).toHaveBeenCalledWith(refusal, true);
  });

  it("by default only the form's own top-level fields take an error: one inside a value no input shows is left to the toast", async () => {
    const { form, errors } = fakeForm();
    const onFailure = vi.fn();
    const refusal = { ok: false as const, status: 422, message: "Revisa los datos.", errors: { "lines.0.total": ["Total no válido."] } };
    const unlessOnFields = failureUnlessOnFields((refused) => `Error: ${refused.message}`);
    await useActionSubmit(form, async () => refusal, { success: "Guardado", failureToast: unlessOnFields, onFailure })(values);
    expect(errors).toEqual([]);
    expect(toasts).toEqual([["error", "Error: Revisa los datos."]]);
    expect(onFailure).toHaveBeenCalledWith(refusal, false);
  });

  it("the error toast follows the form's rule: the message as is, none when the fields say it, a title with a description", async () => {
    const { form } = fakeForm();
    const onFields = { ok: false as const, status: 422, message: "Revisa los datos.", errors: { email: ["Correo no válido."] } };
    const conflict = { ok: false as const, status: 409, message: "Ya existe.", errors: { email: ["Ya existe."] } };
    const noFields = { ok: false as const, status: 404, message: "No existe." };

    await useActionSubmit(form, async () => noFields, { success: "", failureToast: messageFailure })(values);
    const unlessOnFields = failureUnlessOnFields((refusal) => `Error: ${refusal.message}`);
    await useActionSubmit(form, async () => onFields, { success: "", failureToast: unlessOnFields })(values);
    await useActionSubmit(form, async () => conflict, { success: "", failureToast: unlessOnFields })(values);
    await useActionSubmit(form, async () => noFields, { success: "", failureToast: (refusal) => ({ title: "No se pudo guardar la nota", description: refusal.message }) })(values);
    await useActionSubmit(form, async () => noFields, { success: "", failureToast: () => ({ title: "No se pudo enviar" }) })(values);
    expect(toasts).toEqual([
      ["error", "No existe."],
      ["error", "Error: Ya existe."],
      ["error", "No se pudo guardar la nota", { description: "No existe." }],
      ["error", "No se pudo enviar", undefined],
    ]);
  });

  it("an action that dealt with its own failed call (null) shows nothing more", async () => {
    const { form, errors } = fakeForm();
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    await useActionSubmit(form, async () => null, { success: "Guardado", onSuccess, onFailure })(values);
    expect(toasts).toEqual([]);
    expect(errors).toEqual([]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onFailure).not.toHaveBeenCalled();
  });
});
