import type { AreaNavGroup } from "@/components/account/nav";

/** The admin side menu: management links, then the "Reportes" group. */
export const ADMIN_NAV: AreaNavGroup[] = [
  {
    id: "gestion",
    label: "Gestión",
    items: [
      { href: "/admin/dashboard", label: "Panel", icon: "grid" },
      { href: "/admin/contact-messages", label: "Contactos", icon: "mail" },
      { href: "/admin/products", label: "Productos", icon: "cube" },
      { href: "/admin/services", label: "Servicios", icon: "briefcase" },
      { href: "/admin/users", label: "Usuarios", icon: "users" },
      { href: "/admin/data-requests", label: "Solicitudes ARCO", icon: "user" },
      { href: "/admin/testimonials", label: "Testimonios", icon: "chat" },
      { href: "/admin/media", label: "Biblioteca de medios", icon: "photo" },
      { href: "/admin/sitemap", label: "Mantenimiento Sitemap", icon: "globe" },
      { href: "/admin/settings", label: "Configuración del sitio", icon: "cog" },
      { href: "/admin/complaints", label: "Libro de Reclamaciones", icon: "document" },
      { href: "/admin/audit-logs", label: "Registro de actividad", icon: "document" },
    ],
  },
  {
    id: "reportes",
    label: "Reportes",
    items: [
      { href: "/admin/dashboard", label: "Panel", icon: "grid" },
      { href: "/admin/users", label: "Usuarios", icon: "users" },
      { href: "/admin/subscriptions", label: "Suscripciones", icon: "refresh" },
      { href: "/admin/invoices", label: "Facturas", icon: "document" },
      { href: "/admin/tickets", label: "Tickets", icon: "ticket" },
      { href: "/admin/payments", label: "Pagos", icon: "card" },
      { href: "/admin/payment-reports", label: "Pagos por confirmar", icon: "card" },
    ],
  },
];
