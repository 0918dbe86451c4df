/** Public navigation. */
export type NavItem = { href: string; label: string };

export const HEADER_NAV: NavItem[] = [
  { href: "/", label: "Inicio" },
  { href: "/nosotros", label: "Nosotros" },
  { href: "/soluciones", label: "Soluciones" },
  { href: "/productos", label: "Productos" },
  { href: "/servicios", label: "Servicios" },
  { href: "/tecnologias", label: "Tecnologías" },
  { href: "/sectores", label: "Sectores" },
  { href: "/contacto", label: "Contacto" },
];

export const LOGIN_LINK: NavItem = { href: "/login", label: "Iniciar Sesión" };

export const FOOTER_COMPANY_NAV: NavItem[] = [
  { href: "/nosotros", label: "Nosotros" },
  { href: "/soluciones", label: "Soluciones" },
  { href: "/productos", label: "Productos" },
  { href: "/servicios", label: "Servicios" },
];

export const FOOTER_LEGAL_NAV: NavItem[] = [
  { href: "/privacidad", label: "Política de privacidad" },
  { href: "/derechos-arco", label: "Derechos ARCO" },
  { href: "/terminos", label: "Términos y condiciones" },
];

/** The Libro de Reclamaciones, shown in the footer of every public page with its book icon. */
export const COMPLAINTS_BOOK_LINK: NavItem = { href: "/libro-de-reclamaciones", label: "Libro de Reclamaciones" };

/** True when `pathname` is the item's page or one of its children ("/" only matches itself). */
export function isActivePath(pathname: string | null, href: string): boolean {
  if (!pathname) return false;
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
