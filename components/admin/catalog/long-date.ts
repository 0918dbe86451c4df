// The detail views' dates:
// "22 de noviembre de 2026, 14:05", in the business's time zone so server and browser agree.
export { formatLongDate } from "@/lib/format";
