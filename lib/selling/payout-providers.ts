/**
 * Payout providers: what turns a run's paid payouts into money moving. The first one writes a
 * SEPA credit transfer file (pain.001.001.09) that an admin downloads and hands to Kreide's bank;
 * a provider that pays through an API (Stripe Connect transfers, Wise) would implement the same
 * interface. Runs in job workers under plain Node: no `server-only`, no `next/*`.
 */
import { getEnv, type Env } from '@/lib/env';
import { buildPain001, nextBankingDay, type Pain001Account } from './pain001';

/** The run a provider serves. */
export interface PayoutRunRef {
  id: number;
  period: string;
  createdAt: Date;
}

/** A paid payout as the provider receives it: the bank account as copied into the payout. */
export interface ProviderPayout {
  id: number;
  sellerId: number;
  currency: string;
  amountMinor: number;
  accountHolder: string;
  iban: string;
  bic: string | null;
  /** The self-billing credit note the payout pays (the seller finds it on their statement). */
  creditNoteNumber: string;
}

export interface PayoutProvider {
  /** Stored with the run. */
  readonly name: string;
  /** The currencies it can pay; payouts in any other are held. */
  readonly currencies: readonly string[];
  /**
   * Hands over the run's paid payouts in its currencies. Must give the same result when called
   * again for the same run (a run whose file was not stored is completed again later). Returns
   * the file to store, if the provider makes one.
   */
  submit(run: PayoutRunRef, payouts: readonly ProviderPayout[]): Promise<{ file?: Buffer; fileName?: string }>;
}

/** Kreide's own account, the debtor of every transfer (KREIDE_PAYOUT_* variables). */
export function payoutDebtor(env: Env = getEnv()): Pain001Account {
  return { name: env.KREIDE_PAYOUT_NAME, iban: env.KREIDE_PAYOUT_IBAN, bic: env.KREIDE_PAYOUT_BIC };
}

/**
 * SEPA credit transfers in euro: one pain.001.001.09 file per run, one transaction per payout,
 * its end-to-end id and remittance text carrying the credit note number. The file's content
 * depends only on the run and its recorded payouts (message id from the run, creation time the
 * run's), so writing it again gives the same transfers, and a bank that already executed the
 * message id refuses it a second time. Other currencies are left out: SEPA moves euro only.
 */
export class SepaCreditTransferProvider implements PayoutProvider {
  readonly name = 'sepa-credit-transfer';
  readonly currencies = ['EUR'] as const;

  constructor(private readonly debtor: Pain001Account = payoutDebtor()) {}

  async submit(run: PayoutRunRef, payouts: readonly ProviderPayout[]): Promise<{ file?: Buffer; fileName?: string }> {
    const transfers = payouts
      .filter((payout) => payout.currency === 'EUR')
      .map((payout) => ({
        endToEndId: payout.creditNoteNumber,
        amountMinor: payout.amountMinor,
        currency: 'EUR' as const,
        creditor: { name: payout.accountHolder, iban: payout.iban, bic: payout.bic },
        remittance: `Kreide ${payout.creditNoteNumber} ${run.period}`,
      }));
    if (transfers.length === 0) return {};
    const xml = buildPain001({
      messageId: `KREIDE-${run.period}-${run.id}`,
      createdAt: run.createdAt,
      executionDate: nextBankingDay(run.createdAt),
      debtor: this.debtor,
      transfers,
    });
    return { file: Buffer.from(xml, 'utf8'), fileName: `kreide-payouts-${run.period}.xml` };
  }
}

/** The provider payout runs use. */
export function getPayoutProvider(): PayoutProvider {
  return new SepaCreditTransferProvider();
}
