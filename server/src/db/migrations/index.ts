import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as selling from './0002_selling';
import * as records from './0003_records';
import * as reports from './0004_reports';
import * as authEpoch from './0005_auth_epoch';
import * as reportSpeed from './0006_report_speed';
import * as eventOwnerWritten from './0007_event_owner_written';
import * as pinAttempts from './0008_pin_attempts';
import * as passengerScope from './0009_passenger_scope';
import * as deviceSecret from './0010_device_secret';
import * as retention from './0011_retention';
import * as delayedCancelDecision from './0012_delayed_cancel_decision';
import * as maintenance from './0013_maintenance';
import * as fineBoarding from './0014_fine_boarding';
import * as lineageTerms from './0015_lineage_terms';
import * as deviceBindingOtpCooldown from './0016_device_binding_otp_cooldown';
import * as commissionBasisVoucherHolds from './0018_commission_basis_voucher_holds';
import * as tripLiveVersion from './0019_trip_live_version';
import * as liveOutbox from './0020_live_outbox';

/** Every migration, by name; Kysely runs them in name order. Append only. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_selling': selling,
  '0003_records': records,
  '0004_reports': reports,
  '0005_auth_epoch': authEpoch,
  '0006_report_speed': reportSpeed,
  '0007_event_owner_written': eventOwnerWritten,
  '0008_pin_attempts': pinAttempts,
  '0009_passenger_scope': passengerScope,
  '0010_device_secret': deviceSecret,
  '0011_retention': retention,
  '0012_delayed_cancel_decision': delayedCancelDecision,
  '0013_maintenance': maintenance,
  '0014_fine_boarding': fineBoarding,
  '0015_lineage_terms': lineageTerms,
  '0016_device_binding_otp_cooldown': deviceBindingOtpCooldown,
  '0018_commission_basis_voucher_holds': commissionBasisVoucherHolds,
  '0019_trip_live_version': tripLiveVersion,
  '0020_live_outbox': liveOutbox,
};
