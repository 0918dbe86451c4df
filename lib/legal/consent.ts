// What a row stores of a person's answer to the privacy consent box (lib/consent.ts). Pure.
import { PRIVACY_POLICY_VERSION } from "./privacy";

export type ConsentColumns = { privacyVersion: string | null; privacyAcceptedAt: Date | null };

/** The consent columns (privacyVersion, privacyAcceptedAt) of a row: the current policy's version and the time when accepted, nulls when not asked. */
export function consentColumns(accepted: boolean | null | undefined, at: Date = new Date()): ConsentColumns {
  return accepted === true ? { privacyVersion: PRIVACY_POLICY_VERSION, privacyAcceptedAt: at } : { privacyVersion: null, privacyAcceptedAt: null };
}
