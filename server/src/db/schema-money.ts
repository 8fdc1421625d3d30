/**
 * Tables of migration 0003 (money and records) as Kysely sees them. Same
 * conventions as schema.ts: ISO-8601 UTC times, *_minor paisa.
 */
import type { Generated } from 'kysely';

export interface DepositRequestsTable {
  id: Generated<number>;
  agent_id: number;
  company_id: number;
  user_id: number;
  outlet_id: number | null;
  amount_minor: number;
  reference_number: string;
  description: string | null;
  remarks: string | null;
  status: Generated<'PENDING' | 'APPROVED' | 'REJECTED'>;
  created_at: string;
  decided_at: string | null;
  employee: string | null;
  /** The credit posted on approval. */
  ledger_entry_id: number | null;
}
export interface ExtraWeightChargesTable {
  id: Generated<number>;
  pnr: string;
  reservation_id: number;
  company_id: number;
  agent_id: number;
  outlet_id: number | null;
  user_id: number;
  amount_minor: number;
  description: string;
  status: Generated<'ACTIVE' | 'CANCELLED'>;
  print_count: Generated<number>;
  last_print_type: 'ORIGINAL' | 'REPRINT' | 'RETURN' | null;
  created_at: string;
  cancelled_at: string | null;
  cancelled_by_user_id: number | null;
}
export interface VoucherCountersTable {
  company_id: number;
  kind: string;
  last_no: number;
}
/** A receipt number held for a user's next voucher of the company and kind (migration 0018). */
export interface VoucherHoldsTable {
  company_id: number;
  kind: string;
  number: number;
  user_id: number;
  expires_at: string;
}
export interface VouchersTable {
  id: Generated<number>;
  voucher_no: string;
  company_id: number;
  kind: string;
  reference_id: string;
  amount_minor: number;
  remarks: string | null;
  agent_id: number;
  user_id: number;
  created_at: string;
}

export interface MoneyTables {
  deposit_requests: DepositRequestsTable;
  extra_weight_charges: ExtraWeightChargesTable;
  voucher_counters: VoucherCountersTable;
  voucher_holds: VoucherHoldsTable;
  vouchers: VouchersTable;
  ledger_daily: LedgerDailyTable;
  commission_daily: CommissionDailyTable;
}

/** Per account, UTC day (yyyy-MM-dd), type and kind: rows and their sum (trigger-maintained). */
export interface LedgerDailyTable {
  account_id: number;
  day: string;
  entry_type: 'CREDIT' | 'DEBIT';
  kind: string;
  n: number;
  amount_minor: number;
}
/** Per agent, company, UTC day and paid flag: commission rows and their signed sum (trigger-maintained). */
export interface CommissionDailyTable {
  agent_id: number;
  company_id: number;
  day: string;
  paid: 0 | 1;
  n: number;
  amount_minor: number;
}
