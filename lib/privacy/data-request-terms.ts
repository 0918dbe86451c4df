// How long we have to answer a request about personal data, in business days (Monday to Friday
// without Peru's national holidays, lib/legal/business-days.ts) counted from the day after it
// arrived. The regulation of Ley 29733 gives 20 business days to answer a request of access
// (and we apply the same to portability, which delivers the same data in a reusable format) and
// 10 business days to answer a request of rectification, cancellation or opposition. Pure.
import { addBusinessDays } from "@/lib/legal/business-days";
import type { DataRequestKindCode } from "./data-request-labels";

export const DATA_REQUEST_TERM_DAYS: Record<DataRequestKindCode, number> = {
  access: 20,
  portability: 20,
  rectification: 10,
  cancellation: 10,
  opposition: 10,
};

/** The last business day ("YYYY-MM-DD", Lima) to answer a request of `kind` received on `submittedOn`. */
export function dataRequestDueDate(kind: DataRequestKindCode, submittedOn: string): string {
  return addBusinessDays(submittedOn, DATA_REQUEST_TERM_DAYS[kind]);
}
