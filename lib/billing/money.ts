import Decimal from "decimal.js";

// Invoice arithmetic in exact decimals, never floats. Pure, so the admin's invoice
// form previews the very figures the server will store. SUNAT rounds half up to 2 decimals:
// each line is quantity × unit price rounded; "Op. gravada" is the sum of the lines; IGV is
// 18 % of that, rounded once; the total is their sum. 3 × 33.33 → 99.99 + 18.00 = 117.99.

/** IGV (Impuesto General a las Ventas), in percent. */
export const IGV_PERCENT = 18;

const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Money = InstanceType<typeof Money>;

/** A decimal amount as the contract writes it: "117.99". */
export function moneyString(value: Decimal.Value): string {
  return new Money(value).toFixed(2);
}

export type InvoiceLineAmounts = { quantity: Decimal.Value; unit_price: Decimal.Value };

export function lineTotal(line: InvoiceLineAmounts): string {
  return new Money(line.quantity).times(line.unit_price).toDecimalPlaces(2).toFixed(2);
}

export type InvoiceTotals = { subtotal: string; tax_amount: string; total: string; line_totals: string[] };

export function invoiceTotals(lines: InvoiceLineAmounts[], taxPercent: Decimal.Value = IGV_PERCENT): InvoiceTotals {
  const lineTotals = lines.map(lineTotal);
  const subtotal = lineTotals.reduce((sum: Money, value) => sum.plus(value), new Money(0));
  const tax = subtotal.times(taxPercent).dividedBy(100).toDecimalPlaces(2);
  return { subtotal: subtotal.toFixed(2), tax_amount: tax.toFixed(2), total: subtotal.plus(tax).toFixed(2), line_totals: lineTotals };
}

/**
 * An amount IGV included, split as a nota de crédito of that amount states it: its value without
 * IGV rounded half up to 2 decimals, and the IGV as the rest, so the total is exactly the amount.
 */
export function splitTaxIncluded(total: Decimal.Value, taxPercent: Decimal.Value = IGV_PERCENT): { subtotal: string; tax: string; total: string } {
  const subtotal = new Money(total).dividedBy(new Money(taxPercent).dividedBy(100).plus(1)).toDecimalPlaces(2);
  return { subtotal: subtotal.toFixed(2), tax: new Money(total).minus(subtotal).toFixed(2), total: new Money(total).toFixed(2) };
}

/** What is still owed on an invoice (never negative): its total less what was paid and what notas de crédito took off. */
export function balanceDue(total: Decimal.Value, paid: Decimal.Value, credited: Decimal.Value = 0): string {
  return Money.max(new Money(total).minus(paid).minus(credited), 0).toFixed(2);
}

/** What was paid beyond what is owed once notas de crédito took their part off (never negative): the client's credit. */
export function overpaid(total: Decimal.Value, paid: Decimal.Value, credited: Decimal.Value): string {
  return Money.max(new Money(paid).plus(credited).minus(total), 0).toFixed(2);
}

export function compareMoney(a: Decimal.Value, b: Decimal.Value): -1 | 0 | 1 {
  return new Money(a).comparedTo(b) as -1 | 0 | 1;
}

export function addMoney(a: Decimal.Value, b: Decimal.Value): string {
  return new Money(a).plus(b).toFixed(2);
}
