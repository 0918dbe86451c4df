// The seed's legal records: sheets of the Libro de Reclamaciones in every state (answered, in
// time, about to fall due, overdue) and requests about personal data (pending, completed,
// rejected, and an account deletion waiting for an admin). Dates are counted back in business
// days from today, so the admin screen always shows the same picture. Added once: a re-run finds
// them (by submission key, or by e-mail and kind) and changes nothing.
import { addBusinessDays, isBusinessDay } from "../lib/legal/business-days";
import { addDays, dateColumn } from "../lib/dates";
import { complaintNumber, COMPLAINT_ANSWER_BUSINESS_DAYS } from "../lib/complaints/labels";
import { dataRequestDueDate } from "../lib/privacy/data-request-terms";
import { PRIVACY_POLICY_VERSION } from "../lib/legal/privacy";
import type { Prisma } from "../lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;

/** The business day `days` business days before `today` (today itself when 0). */
export function businessDaysBefore(today: string, days: number): string {
  let date = today;
  for (let counted = 0; counted < days; ) {
    date = addDays(date, -1);
    if (isBusinessDay(date)) counted += 1;
  }
  return date;
}

type ComplaintSeed = Omit<Prisma.ComplaintCreateInput, "year" | "sequence" | "number" | "dueDate" | "submittedAt" | "privacyVersion" | "privacyAcceptedAt"> & {
  submissionKey: string;
  /** Business days before today it was filed, and (when answered) after filing it was answered. */
  filedBusinessDaysAgo: number;
  answeredBusinessDaysAfter?: number;
};

const COMPLAINTS: ComplaintSeed[] = [
  {
    submissionKey: "seed-complaint-erp-licencias",
    filedBusinessDaysAgo: 20,
    answeredBusinessDaysAfter: 6,
    consumerName: "Rosa Elena Gutiérrez Pinto",
    documentType: "dni",
    documentNumber: "45120387",
    address: "Av. Arequipa 2450, dpto. 502, Lince, Lima",
    phone: "+51 956 223 148",
    email: "rosa.gutierrez@bodegasantarosa.pe",
    goodType: "product",
    goodDescription: "Lumen ERP Pyme — licencia anual para 5 usuarios (factura F001-00000031).",
    amountClaimed: "1180.00",
    currency: "PEN",
    kind: "reclamo",
    detail:
      "Contraté la licencia para 5 usuarios, pero desde la renovación solo pueden ingresar 3 a la vez. El soporte me indicó que debía pagar usuarios adicionales, aunque la factura dice 5.",
    consumerRequest: "Que se habiliten los 5 usuarios contratados o se devuelva la parte proporcional del pago.",
    answer:
      "Revisamos su licencia: la renovación se registró por error con 3 usuarios. Habilitamos los 5 usuarios contratados el mismo día y extendimos la licencia un mes sin costo por las molestias. Le enviamos el detalle por correo.",
  },
  {
    submissionKey: "seed-complaint-atencion-telefonica",
    filedBusinessDaysAgo: 2,
    consumerName: "Miguel Ángel Torres Saldaña",
    documentType: "ce",
    documentNumber: "001482736",
    address: "Calle Los Pinos 318, Miraflores, Lima",
    phone: "+51 987 410 552",
    email: "matorres@estudiotorres.pe",
    goodType: "service",
    goodDescription: "Soporte técnico mensual — plan Pyme.",
    kind: "queja",
    detail: "Llamé tres veces a la central de soporte el lunes y nadie contestó; el ticket que abrí quedó sin respuesta hasta el día siguiente.",
    consumerRequest: "Que se revise el horario de atención telefónica y se me informe el tiempo de respuesta comprometido.",
  },
  {
    submissionKey: "seed-complaint-migracion-correo",
    filedBusinessDaysAgo: 13,
    consumerName: "Agroexportadora Valle Sur S.A.C. (Carlos Huamaní Ríos)",
    documentType: "ruc",
    documentNumber: "20601847328",
    address: "Carretera Panamericana Sur km 302, Santiago, Ica",
    phone: "+51 956 781 204",
    email: "chuamani@agrovallesur.pe",
    goodType: "service",
    goodDescription: "Migración de correo corporativo a Microsoft 365 (proyecto de noviembre).",
    amountClaimed: "2400.00",
    currency: "PEN",
    kind: "reclamo",
    detail: "Tras la migración se perdieron los correos de dos buzones de la planta de empaque entre el 3 y el 5 del mes.",
    consumerRequest: "Recuperar los correos perdidos o descontar el servicio de migración.",
  },
  {
    submissionKey: "seed-complaint-curso-menor",
    filedBusinessDaysAgo: 18,
    consumerName: "Valeria Quispe Huanca",
    documentType: "dni",
    documentNumber: "78451236",
    address: "Jr. Ayacucho 745, Cercado de Arequipa, Arequipa",
    phone: "+51 958 114 903",
    email: "rquispe.familia@gmail.com",
    isMinor: true,
    guardianName: "Ricardo Quispe Mamani",
    guardianDocumentType: "dni",
    guardianDocumentNumber: "29654871",
    goodType: "service",
    goodDescription: "Taller virtual de ofimática para estudiantes (inscripción de octubre).",
    amountClaimed: "150.00",
    currency: "USD",
    kind: "reclamo",
    detail: "El taller se canceló a mitad de curso y no se reprogramaron las sesiones que faltaban.",
    consumerRequest: "La devolución de lo pagado por las sesiones no dictadas.",
  },
];

type DataRequestSeed = Omit<Prisma.DataRequestUncheckedCreateInput, "dueDate" | "submittedAt"> & {
  filedBusinessDaysAgo: number;
  resolvedBusinessDaysAfter?: number;
  /** The seeded client account it comes from, by e-mail. */
  accountEmail?: string;
};

const DATA_REQUESTS: DataRequestSeed[] = [
  {
    kind: "access",
    filedBusinessDaysAgo: 14,
    name: "Patricia Rojas Medina",
    email: "patricia.rojas.medina@gmail.com",
    documentType: "dni",
    documentNumber: "41237895",
    detail: "Escribí por el formulario de contacto en setiembre. Quisiera saber qué datos míos conservan y con qué finalidad.",
  },
  {
    kind: "cancellation",
    filedBusinessDaysAgo: 2,
    name: "Jorge Luis Mamani Condori",
    email: "jlmamani.condori@gmail.com",
    accountEmail: "jlmamani.condori@gmail.com",
    detail: "Solicito la eliminación de mi cuenta y de mis datos personales.",
  },
  {
    kind: "rectification",
    filedBusinessDaysAgo: 12,
    resolvedBusinessDaysAfter: 3,
    status: "completed",
    name: "Lucía Paredes Valdivia",
    email: "lparedes@costaverdedesarrollos.pe",
    accountEmail: "lparedes@costaverdedesarrollos.pe",
    documentType: "dni",
    documentNumber: "40918273",
    detail: "Mi segundo apellido figura como «Baldivia»; el correcto es «Valdivia».",
    resolution: "Corregimos su nombre en su cuenta y en los datos de facturación de los próximos comprobantes.",
  },
  {
    kind: "opposition",
    filedBusinessDaysAgo: 9,
    resolvedBusinessDaysAfter: 4,
    status: "rejected",
    name: "Ernesto Villanueva Castro",
    email: "evillanueva@outlook.com",
    documentType: "passport",
    documentNumber: "PE1234567",
    detail: "Me opongo a que conserven mi mensaje de contacto.",
    resolution:
      "No encontramos datos suyos en nuestros registros con este correo ni con este documento. Si nos escribió desde otra dirección, indíquenosla respondiendo a este correo.",
  },
];

/** A time of a Lima business day. */
type InstantOn = (day: string, time?: string) => Date;

export async function seedLegalRecords(
  tx: Tx,
  { today, instantOn, adminId, adminName }: { today: string; instantOn: InstantOn; adminId: string; adminName: string },
): Promise<{ complaints: number; dataRequests: number; outboundEmails: number }> {
  const counts = { complaints: 0, dataRequests: 0, outboundEmails: 0 };

  // Oldest first, so the correlative follows the filing order like real sheets.
  for (const seed of [...COMPLAINTS].sort((a, b) => b.filedBusinessDaysAgo - a.filedBusinessDaysAgo)) {
    if (await tx.complaint.findUnique({ where: { submissionKey: seed.submissionKey }, select: { id: true } })) continue;
    const { filedBusinessDaysAgo, answeredBusinessDaysAfter, ...fields } = seed;
    const filedOn = businessDaysBefore(today, filedBusinessDaysAgo);
    const submittedAt = instantOn(filedOn, "10:30");
    const year = Number(filedOn.slice(0, 4));
    const [{ last }] = await tx.$queryRaw<{ last: number }[]>`
      INSERT INTO complaint_counters (year, last) VALUES (${year}, 1)
      ON CONFLICT (year) DO UPDATE SET last = complaint_counters.last + 1 RETURNING last`;
    const answeredAt = answeredBusinessDaysAfter === undefined ? null : instantOn(addBusinessDays(filedOn, answeredBusinessDaysAfter), "16:00");
    const complaint = await tx.complaint.create({
      data: {
        ...fields,
        year,
        sequence: last,
        number: complaintNumber(year, last),
        submittedAt,
        dueDate: dateColumn(addBusinessDays(filedOn, COMPLAINT_ANSWER_BUSINESS_DAYS)),
        privacyVersion: PRIVACY_POLICY_VERSION,
        privacyAcceptedAt: submittedAt,
        ipAddress: "190.42.118.27",
        userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        ...(answeredAt ? { answeredAt, answeredById: adminId, answeredByName: adminName } : { answer: null, answeredByName: null }),
      },
      select: { id: true, number: true },
    });
    counts.complaints += 1;
    // The copy the consumer received, and the answer (both accepted by the mail server).
    const mails = [{ kind: "complaint", subject: `Hoja de reclamación N.° ${complaint.number}`, at: submittedAt }];
    if (answeredAt) mails.push({ kind: "complaint_answer", subject: `Respuesta a tu hoja de reclamación N.° ${complaint.number}`, at: answeredAt });
    for (const mail of mails) {
      await tx.outboundEmail.create({
        data: { kind: mail.kind, recipient: seed.email, subject: mail.subject, relatedType: "complaint", relatedId: String(complaint.id), status: "sent", createdAt: mail.at, updatedAt: mail.at },
      });
      counts.outboundEmails += 1;
    }
  }

  for (const seed of DATA_REQUESTS) {
    const { filedBusinessDaysAgo, resolvedBusinessDaysAfter, accountEmail, ...fields } = seed;
    if (await tx.dataRequest.findFirst({ where: { email: seed.email, kind: seed.kind }, select: { id: true } })) continue;
    const account = accountEmail ? await tx.user.findUnique({ where: { email: accountEmail }, select: { id: true } }) : null;
    const filedOn = businessDaysBefore(today, filedBusinessDaysAgo);
    const submittedAt = instantOn(filedOn, "09:15");
    const resolvedAt = resolvedBusinessDaysAfter === undefined ? null : instantOn(addBusinessDays(filedOn, resolvedBusinessDaysAfter), "17:00");
    await tx.dataRequest.create({
      data: {
        ...fields,
        userId: account?.id ?? null,
        submittedAt,
        dueDate: dateColumn(dataRequestDueDate(seed.kind, filedOn)),
        privacyVersion: account ? null : PRIVACY_POLICY_VERSION,
        privacyAcceptedAt: account ? null : submittedAt,
        ipAddress: account ? null : "181.65.20.143",
        resolvedAt,
        resolvedById: resolvedAt ? adminId : null,
      },
    });
    counts.dataRequests += 1;
  }
  return counts;
}
