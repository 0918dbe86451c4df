// "SON: CIENTO DIECISIETE CON 99/100 SOLES": the total in words, as Peruvian invoices print it
// under the amounts. Pure and exact: it reads the decimal string, never a float.

const UNITS = ["", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"];
const TEENS = ["diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve"];
const TWENTIES = ["veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho", "veintinueve"];
const TENS = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"];
const HUNDREDS = ["", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos", "ochocientos", "novecientos"];

const CURRENCY_WORDS: Record<string, string> = { PEN: "soles", USD: "dólares americanos", EUR: "euros" };

/** 0–999 in words ("" for 0). */
function belowThousand(n: number): string {
  if (n === 0) return "";
  if (n === 100) return "cien";
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let restWords = "";
  if (rest < 10) restWords = UNITS[rest];
  else if (rest < 20) restWords = TEENS[rest - 10];
  else if (rest < 30) restWords = TWENTIES[rest - 20];
  else restWords = TENS[Math.floor(rest / 10)] + (rest % 10 ? ` y ${UNITS[rest % 10]}` : "");
  return [HUNDREDS[hundreds], restWords].filter(Boolean).join(" ");
}

/** "uno" → "un", "veintiuno" → "veintiún" before "mil" and "millón/millones". */
const apocope = (words: string) => words.replace(/veintiuno$/, "veintiún").replace(/(^|\s)uno$/, "$1un");

/** 0–999 999 in words. */
function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = thousands === 0 ? "" : thousands === 1 ? "mil" : `${apocope(belowThousand(thousands))} mil`;
  return [head, belowThousand(rest)].filter(Boolean).join(" ");
}

/** A whole number below 10^12 in Spanish words ("cero" for 0). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError("integerInWords: 0 ≤ n < 10^12");
  if (n === 0) return "cero";
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const head = millions === 0 ? "" : millions === 1 ? "un millón" : `${apocope(belowMillion(millions))} millones`;
  return [head, belowMillion(rest)].filter(Boolean).join(" ");
}

/** "117.99", "PEN" → "SON: CIENTO DIECISIETE CON 99/100 SOLES". */
export function amountInWords(amount: string, currency: string): string {
  const [whole, fraction = ""] = amount.trim().split(".");
  const cents = `${fraction}00`.slice(0, 2);
  const words = integerInWords(Number(whole));
  const unit = CURRENCY_WORDS[currency] ?? currency;
  return `SON: ${words} con ${cents}/100 ${unit}`.toLocaleUpperCase("es-PE");
}
