import type { Metadata } from "next";
import Link from "next/link";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { NewTicketForm } from "@/components/client/support/ticket-client-forms";
import { requireClientAreaUser } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Nuevo ticket" };

/** "Nuevo ticket": subject and message; the ticket opens with status Abierto. */
export default async function NewClientTicketPage() {
  await requireClientAreaUser();
  return (
    <AreaPage>
      <Link href="/client/tickets" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Volver a mis tickets
      </Link>
      <div className="mt-3">
        <AreaPageHeader title="Nuevo ticket" description="Cuéntanos en qué podemos ayudarte. Nuestro equipo te responderá por aquí." />
      </div>
      <div className="mt-6 max-w-3xl">
        <NewTicketForm />
      </div>
    </AreaPage>
  );
}
