import { TransactionPage } from '../../features/transaction/transaction-page';
import { printDocument } from './print-document';

/**
 * A list is an A4 document: the system's default printer (the counter's
 * ticket printer is usually a receipt roll), or the browser's dialog.
 */
const printList = (html: string) => printDocument(html, 'A4', null);

export function TransactionRoute() {
  return <TransactionPage printDocument={printList} />;
}
