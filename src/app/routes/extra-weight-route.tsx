import { ExtraWeightChargePage } from '../../features/extra-weight/extra-weight-charge-page';
import { ExtraWeightReturnPage } from '../../features/extra-weight/extra-weight-return-page';
import type { ReceiptPrinter } from '../../features/extra-weight/receipt-printer';
import { printDocument } from './print-document';

/** Features do not import each other: the receipts print through the printing feature's path here. */
const printer: ReceiptPrinter = printDocument;

export function ExtraWeightChargeRoute() {
  return <ExtraWeightChargePage printer={printer} />;
}

export function ExtraWeightReturnRoute() {
  return <ExtraWeightReturnPage printer={printer} />;
}
