import type { TestimonialSeed } from "./types";

/**
 * Client testimonials. Identified by client name + company (no natural unique key in the table).
 * Four are published, active and featured; two published but not featured; two drafts; one private.
 */
export const testimonials: TestimonialSeed[] = [
  {
    clientName: "Rosa Huamán",
    clientPosition: "Gerente General",
    clientCompany: "Distribuidora Santa Rosa S.A.C.",
    content:
      "Antes cerrábamos el mes con diez días de retraso y nunca cuadraba el inventario. Con Lumen ERP Pyme la facturación electrónica, el stock y la contabilidad hablan el mismo idioma. El equipo de Lumen nos acompañó en cada paso de la implementación.",
    rating: 5,
    image: "/images/avatars/rosa-huaman.svg",
    sectorSlug: "retail",
    isActive: true,
    isFeatured: true,
    status: "published",
    daysAgo: 12,
  },
  {
    clientName: "Jorge Salazar",
    clientPosition: "Jefe de Operaciones",
    clientCompany: "Transportes Salazar e Hijos",
    content:
      "La integración con SUNAT para las guías de remisión electrónicas quedó lista en tres semanas y sin cambiar nuestro sistema. Hoy nuestros choferes salen con la guía en el celular y no hemos tenido un solo rechazo.",
    rating: 5,
    image: "/images/avatars/jorge-salazar.svg",
    sectorSlug: "logistica",
    isActive: true,
    isFeatured: true,
    status: "published",
    daysAgo: 25,
  },
  {
    clientName: "Carmen Vásquez",
    clientPosition: "Directora Administrativa",
    clientCompany: "Clínica San Gabriel",
    content:
      "Digitalizamos más de 40,000 historias clínicas y ahora los médicos las encuentran en segundos. Lo que más valoramos es el cuidado con la confidencialidad de los datos de nuestros pacientes.",
    rating: 5,
    image: "/images/avatars/carmen-vasquez.svg",
    sectorSlug: "salud",
    isActive: true,
    isFeatured: true,
    status: "published",
    daysAgo: 40,
  },
  {
    clientName: "Luis Quispe",
    clientPosition: "Gerente Comercial",
    clientCompany: "AgroExport Valle de Ica",
    content:
      "La app de registro de labores funciona en el fundo aunque no haya señal y sincroniza al llegar a la oficina. Por fin sabemos el costo real por hectárea de cada campaña.",
    rating: 4,
    image: "/images/avatars/luis-quispe.svg",
    sectorSlug: "agroindustria",
    isActive: true,
    isFeatured: true,
    status: "published",
    daysAgo: 55,
  },
  {
    clientName: "Patricia Flores",
    clientPosition: "Fundadora",
    clientCompany: "Café Qosqo",
    content:
      "Nuestra tienda online recibe pagos con Yape y Plin sin revisar capturas de pantalla, y la boleta electrónica llega sola al correo del cliente. En el último Cyber Wow vendimos el triple.",
    rating: 5,
    image: "/images/avatars/patricia-flores.svg",
    sectorSlug: "retail",
    isActive: true,
    isFeatured: false,
    status: "published",
    daysAgo: 70,
  },
  {
    clientName: "Diego Chávez",
    clientPosition: "Director de Tecnología",
    clientCompany: "Instituto Superior Horizonte",
    content:
      "El chatbot de WhatsApp responde las consultas de matrícula y pensiones las 24 horas. Al inicio hubo que ajustar varios flujos, pero el equipo respondió rápido y hoy atiende más del 60 % de las consultas.",
    rating: 4,
    image: "/images/avatars/diego-chavez.svg",
    sectorSlug: "educacion",
    isActive: true,
    isFeatured: false,
    status: "published",
    daysAgo: 85,
  },
  {
    clientName: "Ana Torres",
    clientPosition: "Contadora General",
    clientCompany: "Metalmecánica Arequipa S.R.L.",
    content:
      "El robot que descarga los comprobantes recibidos de SUNAT nos ahorra dos días de trabajo al mes. Algunos reportes del tablero aún están en ajuste, por eso todavía no lo publicamos.",
    rating: 3,
    image: "/images/avatars/ana-torres.svg",
    sectorSlug: "manufactura",
    isActive: true,
    isFeatured: false,
    status: "draft",
    daysAgo: 6,
  },
  {
    clientName: "Ricardo Mendoza",
    clientPosition: "Gerente de Riesgos",
    clientCompany: "Cooperativa de Ahorro y Crédito Progreso",
    content:
      "La auditoría de ciberseguridad nos mostró riesgos que no conocíamos y un plan claro para corregirlos antes de la revisión del regulador.",
    rating: 5,
    image: "/images/avatars/ricardo-mendoza.svg",
    sectorSlug: "servicios-financieros",
    isActive: false,
    isFeatured: false,
    status: "draft",
    daysAgo: 3,
  },
  {
    clientName: "Silvia Ramírez",
    clientPosition: "Gerente de Finanzas",
    clientCompany: "Textiles del Norte S.A.",
    content:
      "Los tableros de Power BI cambiaron nuestras reuniones de directorio en Trujillo: ahora discutimos decisiones y no cifras. Preferimos que este comentario quede solo para uso interno.",
    rating: 5,
    image: "/images/avatars/silvia-ramirez.svg",
    sectorSlug: "manufactura",
    isActive: true,
    isFeatured: false,
    status: "private",
    daysAgo: 100,
  },
];
