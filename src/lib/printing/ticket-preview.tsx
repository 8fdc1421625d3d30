/**
 * The ticket on screen before printing, exactly as it will print: the same
 * HTML document in an iframe. sandbox="" gives the frame an opaque origin with
 * no scripts, forms or navigation, so nothing in the ticket can touch the
 * portal.
 */
import type { CSSProperties, ReactElement } from 'react';
import type { PaperSize } from '@agent-portal/contract';
import { TICKET_LABELS, type TicketLanguage } from './ticket-labels';

export interface TicketPreviewProps {
  /** From renderTicketHtml or useTicketHtml. */
  html: string;
  paper: PaperSize;
  /** Names the frame for screen readers. */
  language: TicketLanguage;
  /** The frame cannot measure its sandboxed content, so its height is given (default 560px). */
  height?: CSSProperties['height'];
  className?: string;
}

/** The roll's width on screen (CSS millimetres), or a scaled-down A4 sheet. */
const FRAME_WIDTH: Record<PaperSize, string> = { '80mm': '80mm', '58mm': '58mm', A4: '210mm' };

export function TicketPreview({ html, paper, language, height = 560, className }: TicketPreviewProps): ReactElement {
  return (
    <iframe
      className={className}
      title={TICKET_LABELS[language].previewTitle}
      sandbox=""
      srcDoc={html}
      style={{
        width: FRAME_WIDTH[paper],
        maxWidth: '100%',
        height,
        border: '1px solid rgba(0, 0, 0, 0.15)',
        background: '#fff',
      }}
    />
  );
}
