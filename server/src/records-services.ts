import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { AccountService } from './modules/account/service';
import { CommissionRecordsService } from './modules/commission/records';
import { DepositOperatorService } from './modules/deposit/operator';
import { DepositService } from './modules/deposit/service';
import { ExtraWeightService } from './modules/extra-weight/service';
import type { IdempotencyService } from './modules/idempotency/service';
import type { PnrPinGuard } from './modules/pnr-guard/service';
import { ReservationCharging } from './modules/reservation/charging';
import { TransactionService } from './modules/transaction/service';
import type { TripService } from './modules/trip/service';
import { UnprintedService } from './modules/unprinted/service';
import { VoucherService } from './modules/voucher/service';

/** Money and records (issue #5), wired on the foundation's and the selling engine's services. */
export function createRecordsServices(
  { config, db, clock }: { config: Config; db: Database; clock: Clock },
  base: { accounts: AccountService; idempotency: IdempotencyService; trips: TripService; pnrGuard: PnrPinGuard },
) {
  // Stateless: the same balance and credit-limit rules sales use.
  const charging = new ReservationCharging(base.accounts);
  const vouchers = new VoucherService(db, clock);
  return {
    deposits: new DepositService(db, clock, config, base.accounts, base.idempotency, vouchers),
    depositOperator: new DepositOperatorService(db, clock, base.accounts),
    transactions: new TransactionService(db, config, base.accounts),
    commissionRecords: new CommissionRecordsService(db, clock, config),
    extraWeight: new ExtraWeightService({ db, clock, config, trips: base.trips, charging, idempotency: base.idempotency, guard: base.pnrGuard }),
    unprinted: new UnprintedService(db, clock),
    vouchers,
  };
}

export type RecordsServices = ReturnType<typeof createRecordsServices>;
