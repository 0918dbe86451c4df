// @vitest-environment jsdom
// The form fields wire a field's error to its control: the message is shown, the control names it
// in aria-describedby (after its hint) and is aria-invalid; without an error neither is set. The
// server's per-field errors land on the matching fields the same way. A form whose schema is
// imported on first use checks exactly as one given the schema.
import "./setup/dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { notify } from "@/components/ui/toast";
import { SCHEMA_LOAD_FAILED, useZodForm } from "@/components/ui/use-zod-form";
import { z } from "@/lib/zod";

/** The texts of the elements a control's aria-describedby names, in order. */
function description(control: HTMLElement): string[] {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`);
}

describe("field errors", () => {
  const fields = [
    { kind: "TextField", render: (error?: string) => <TextField label="Correo" hint="El de tu empresa" error={error} />, control: () => screen.getByRole("textbox", { name: "Correo" }) },
    { kind: "PasswordField", render: (error?: string) => <PasswordField label="Contraseña" hint="Al menos 12 caracteres" error={error} />, control: () => screen.getByLabelText("Contraseña", { selector: "input" }) },
    { kind: "TextAreaField", render: (error?: string) => <TextAreaField label="Mensaje" hint="Cuéntanos qué necesitas" error={error} />, control: () => screen.getByRole("textbox", { name: "Mensaje" }) },
    {
      kind: "SelectField",
      render: (error?: string) => <SelectField label="Rol" hint="Lo que podrá hacer" error={error} options={[{ value: "client", label: "Cliente" }]} />,
      control: () => screen.getByRole("combobox", { name: "Rol" }),
    },
    { kind: "CheckboxField", render: (error?: string) => <CheckboxField label="Acepto los términos" hint="Obligatorio" error={error} />, control: () => screen.getByRole("checkbox", { name: "Acepto los términos" }) },
  ];

  for (const field of fields) {
    it(`${field.kind}: shows the error, links it after the hint and marks the control invalid`, () => {
      render(field.render("Revisa este campo"));
      const control = field.control();
      expect(screen.getByText("Revisa este campo")).toBeTruthy();
      expect(control.getAttribute("aria-invalid")).toBe("true");
      expect(description(control)).toEqual([expect.any(String), "Revisa este campo"]);
    });

    it(`${field.kind}: without an error, only the hint describes a valid control`, () => {
      render(field.render());
      const control = field.control();
      expect(control.hasAttribute("aria-invalid")).toBe(false);
      expect(description(control)).toHaveLength(1);
      expect(description(control)[0]).not.toBe("Revisa este campo");
    });
  }

  it("a control with neither hint nor error has no aria-describedby", () => {
    render(<TextField label="Nombre" />);
    expect(screen.getByRole("textbox", { name: "Nombre" }).hasAttribute("aria-describedby")).toBe(false);
  });

  it("each field's error goes to its own control", () => {
    render(
      <>
        <TextField label="Nombre" error="Escribe tu nombre" />
        <TextField label="Correo" error="Correo no válido" />
      </>,
    );
    expect(description(screen.getByRole("textbox", { name: "Nombre" }))).toEqual(["Escribe tu nombre"]);
    expect(description(screen.getByRole("textbox", { name: "Correo" }))).toEqual(["Correo no válido"]);
  });

  it("PasswordField shows and hides what was typed", () => {
    render(<PasswordField label="Contraseña" />);
    const input = screen.getByLabelText("Contraseña", { selector: "input" });
    const toggle = screen.getByRole("button", { name: "Mostrar contraseña" });
    expect(input.getAttribute("type")).toBe("password");
    fireEvent.click(toggle);
    expect(input.getAttribute("type")).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
  });
});

describe("a refused submission (useActionSubmit) on a real form", () => {
  const schema = z.object({ name: z.string(), email: z.string() });

  function UserForm({ errors }: { errors?: Record<string, string[]> }) {
    const form = useZodForm(schema, { defaultValues: { name: "Ana", email: "ana@example.com" } });
    const [applied, setApplied] = useState<boolean | null>(null);
    const { errors: fieldErrors } = form.formState;
    const save = useActionSubmit(form, async () => ({ ok: false as const, status: 422, message: "Revisa los datos.", errors }), {
      success: "Guardado",
      failureToast: () => null,
      onFailure: (_refusal, shown) => setApplied(shown),
    });
    return (
      <form>
        <TextField label="Nombre" error={fieldErrors.name?.message} {...form.register("name")} />
        <TextField label="Correo" error={fieldErrors.email?.message} {...form.register("email")} />
        <button type="button" onClick={() => void save(form.getValues())}>
          Guardar
        </button>
        <output>{String(applied)}</output>
      </form>
    );
  }

  it("shows the server's errors on the matching fields and focuses the first of them", async () => {
    render(<UserForm errors={{ email: ["Ya existe una cuenta con ese correo."], role: ["No es un campo del formulario"] }} />);
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    const email = await screen.findByRole("textbox", { name: "Correo" });
    await screen.findByText("Ya existe una cuenta con ese correo.");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(description(email)).toEqual(["Ya existe una cuenta con ese correo."]);
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole("textbox", { name: "Nombre" }).hasAttribute("aria-invalid")).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("true");
  });

  it("reports that no field matched (the caller shows the message elsewhere)", async () => {
    render(<UserForm errors={{ role: ["No es un campo del formulario"] }} />);
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("false"));
    render(<UserForm />);
    fireEvent.click(screen.getAllByRole("button", { name: "Guardar" })[1]);
    await waitFor(() => expect(screen.getAllByRole("status")[1].textContent).toBe("false"));
    expect(screen.getAllByRole("textbox").some((field) => field.hasAttribute("aria-invalid"))).toBe(false);
  });
});

describe("a form whose schema is imported on first use (useZodForm with a function)", () => {
  const schema = z.object({ subject: z.string().trim().min(1, "El asunto es obligatorio.") });

  function TicketForm({ load, onSave }: { load: () => Promise<typeof schema>; onSave: (values: { subject: string }) => void }) {
    const form = useZodForm(load, { defaultValues: { subject: "" } });
    return (
      <form onSubmit={form.handleSubmit(onSave)} noValidate>
        <TextField label="Asunto" error={form.formState.errors.subject?.message} {...form.register("subject")} />
        <button type="submit">Crear</button>
      </form>
    );
  }

  it("loads nothing with the page, then checks with the schema on the first blur and submission, importing it once", async () => {
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve(schema);
    };
    const saved: { subject: string }[] = [];
    render(<TicketForm load={load} onSave={(values) => saved.push(values)} />);
    const subject = screen.getByRole("textbox", { name: "Asunto" });
    expect(loads).toBe(0);

    fireEvent.focus(subject);
    fireEvent.blur(subject);
    await screen.findByText("El asunto es obligatorio.");
    expect(subject.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(subject, { target: { value: "  Factura duplicada " } });
    fireEvent.click(screen.getByRole("button", { name: "Crear" }));
    await waitFor(() => expect(saved).toEqual([{ subject: "Factura duplicada" }]));
    expect(loads).toBe(1);
  });

  it("says so when the import failed (the connection dropped), sends nothing, and tries again on the next submission", async () => {
    const toast = vi.spyOn(notify, "error").mockImplementation(() => undefined);
    let loads = 0;
    const load = () => (++loads === 1 ? Promise.reject(new Error("ChunkLoadError")) : Promise.resolve(schema));
    const saved: { subject: string }[] = [];
    render(<TicketForm load={load} onSave={(values) => saved.push(values)} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Asunto" }), { target: { value: "Acceso" } });
    const submit = screen.getByRole("button", { name: "Crear" });
    fireEvent.click(submit);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(SCHEMA_LOAD_FAILED));
    expect(loads).toBe(1);
    expect(saved).toEqual([]);

    fireEvent.click(submit);
    await waitFor(() => expect(saved).toEqual([{ subject: "Acceso" }]));
    expect(loads).toBe(2);
    expect(toast).toHaveBeenCalledTimes(1);
    toast.mockRestore();
  });
});
