export interface Invoice {
  readonly number: string;
  readonly customerId: string;
  readonly totalCents: number;
  readonly issuedAt: Date;
}

/** The amount still owed: the total minus what was paid, never below zero. */
export function outstanding(invoice: Invoice, paidCents: number): number {
  return Math.max(0, invoice.totalCents - paidCents);
}
