"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";

// The modal, its form and react-hook-form load when the client opens it, not with the subscription.
const CancelSubscriptionModal = dynamic(() => import("./cancel-subscription-modal").then((modal) => modal.CancelSubscriptionModal), { ssr: false });

/**
 * "Solicitar cancelación": a modal with an optional reason (at most 500 characters). The
 * subscription stays active until the end of the period it has paid for; the billing run then
 * cancels it instead of invoicing again.
 */
export function CancelSubscriptionButton({ subscriptionId, planName, periodEnd }: { subscriptionId: number; planName: string; periodEnd: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="text-red-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800" onClick={() => setOpen(true)}>
        Solicitar cancelación
      </Button>
      {open && <CancelSubscriptionModal subscriptionId={subscriptionId} planName={planName} periodEnd={periodEnd} onClose={() => setOpen(false)} />}
    </>
  );
}
