import { DepositPage } from '../../features/deposit/deposit-page';
import type { DepositReceiptPrinter } from '../../features/deposit/use-print-deposit-receipt';
import { printDocument } from './print-document';

/** Features do not import each other: the deposit receipt prints through the printing feature's path here. */
const printer: DepositReceiptPrinter = printDocument;

export function DepositRoute() {
  return <DepositPage printer={printer} />;
}
