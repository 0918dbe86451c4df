"use client";

import Link from "next/link";
import { useId, useMemo, useState } from "react";
import { inputClass } from "@/components/ui/form-field";
import type { ClientOption } from "@/lib/billing/admin-queries";

// "Estado de cuenta" of the back office: choose the client by name or e-mail. The list is the
// clients the invoice form offers (listClientOptions); typing narrows it (accents and case
// ignored), and each result links to the statement of that client for the same period.

const SHOWN = 8;

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("es-PE");

export function StatementClientPicker({ clients, selectedId, keepParams = {} }: { clients: ClientOption[]; selectedId: string | null; keepParams?: Record<string, string> }) {
  const [search, setSearch] = useState("");
  const id = useId();
  const matches = useMemo(() => {
    const wanted = fold(search.trim());
    const found = wanted ? clients.filter((client) => fold(`${client.name} ${client.email} ${client.billing_name ?? ""}`).includes(wanted)) : clients;
    return found.slice(0, SHOWN);
  }, [clients, search]);
  const href = (userId: string) => `/admin/statement?${new URLSearchParams({ user_id: userId, ...keepParams }).toString()}`;
  return (
    <div className="rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        Cliente (nombre o correo electrónico)
      </label>
      <input
        id={id}
        type="search"
        value={search}
        maxLength={200}
        autoComplete="off"
        placeholder="Buscar cliente"
        onChange={(event) => setSearch(event.target.value)}
        className={`${inputClass} mt-1.5`}
      />
      {matches.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600" aria-live="polite">
          Ningún cliente coincide con la búsqueda.
        </p>
      ) : (
        <ul aria-label="Clientes" className="mt-3 flex flex-col divide-y divide-ink-100">
          {matches.map((client) => (
            <li key={client.id}>
              <Link
                href={href(client.id)}
                aria-current={client.id === selectedId ? "page" : undefined}
                className="flex min-h-11 flex-col justify-center rounded-lg px-2 py-1.5 text-sm hover:bg-ink-50 aria-[current=page]:bg-brand-50"
              >
                <span className="font-medium text-ink-900">{client.name}</span>
                <span className="break-all text-ink-600">{client.email}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
