// Query of the audit trail (GET /api/v1/admin/audit-logs and "Registro de actividad"). Pure.
import { pageParams } from "@/lib/list/paging";
import { optionalParam } from "@/lib/list/query-params";
import { singleLineText, z } from "@/lib/zod";

/** "2026-11-22" (a day in the business's time zone, Lima) or a full ISO date-time. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Lima is UTC−5 all year (no daylight saving). */
const LIMA_OFFSET = "-05:00";

export type DateBound = { at: Date; dayOnly: boolean };

/** A real calendar day (2026-02-31 is refused, where Date would roll it over). */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateParam(field: string) {
  const message = `El parámetro ${field} debe ser una fecha (AAAA-MM-DD) o una fecha y hora ISO 8601.`;
  return optionalParam(
    singleLineText({ error: message })
      .max(40, message)
      .transform((value, context): DateBound => {
        const dayOnly = DAY.test(value);
        let at = new Date(Number.NaN);
        if (dayOnly && isCalendarDay(value)) at = new Date(`${value}T00:00:00${LIMA_OFFSET}`);
        else if (!dayOnly && DATE_TIME.test(value)) at = new Date(value);
        if (Number.isNaN(at.getTime())) {
          context.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return { at, dayOnly };
      }),
  );
}

/**
 * ?page&per_page&entity&user_id&entity_id&from&to. `from` and `to` are inclusive; a day
 * without a time covers the whole day in Lima time.
 */
export const auditListQuerySchema = z
  .object({
    ...pageParams,
    entity: optionalParam(
      singleLineText().regex(/^[a-z][a-z_]{0,79}$/, "El parámetro entity debe ser un tipo de registro (por ejemplo, testimonial)."),
    ),
    user_id: optionalParam(singleLineText().regex(/^[A-Za-z0-9_-]{1,64}$/, "El parámetro user_id no es un identificador válido.")),
    entity_id: optionalParam(singleLineText().max(80, "El parámetro entity_id no puede superar los 80 caracteres.")),
    from: dateParam("from"),
    to: dateParam("to"),
  })
  .transform(({ from, to, ...rest }) => ({
    ...rest,
    from: from?.at,
    // A day-only "to" means up to the end of that day: the next day's start, exclusive.
    toExclusive: to ? new Date(to.at.getTime() + (to.dayOnly ? 24 * 3600_000 : 1)) : undefined,
  }))
  .refine((query) => !query.from || !query.toExclusive || query.from < query.toExclusive, {
    message: "La fecha inicial no puede ser posterior a la final.",
    path: ["from"],
  });

export type AuditListQuery = z.output<typeof auditListQuerySchema>;
