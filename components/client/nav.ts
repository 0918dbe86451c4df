import type { AreaNavGroup } from "@/components/account/nav";

/** The client area's side menu. */
export const CLIENT_NAV: AreaNavGroup[] = [
  {
    id: "portal",
    items: [
      { href: "/client/dashboard", label: "Panel", icon: "grid" },
      { href: "/client/products", label: "Productos", icon: "bag" },
      { href: "/client/subscriptions", label: "Suscripciones", icon: "refresh" },
      { href: "/client/invoices", label: "Facturas", icon: "document" },
      { href: "/client/profile", label: "Perfil", icon: "user" },
      { href: "/client/tickets", label: "Tickets", icon: "ticket" },
      { href: "/client/payments", label: "Pagos", icon: "card" },
      { href: "/client/statement", label: "Estado de cuenta", icon: "currency" },
    ],
  },
];
