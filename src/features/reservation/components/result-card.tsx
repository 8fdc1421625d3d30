/** The result of a sale next to its ticket as it prints. */
import { Card, Col, Row } from 'antd';
import type { PaperSize, Reservation } from '@agent-portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify/notifier';
import { printTypeFor, TicketPreview, useTicketHtml } from '../../../lib/printing';
import { ResultPanel } from './result-panel';

/** The ticket exactly as it prints, on screen. */
function Preview({
  reservation,
  language,
  paper,
}: {
  reservation: Reservation;
  language: 'en' | 'bn';
  paper: PaperSize;
}) {
  const html = useTicketHtml({ reservation, language, paper, printType: printTypeFor(reservation) });
  return html ? <TicketPreview html={html} paper={paper} language={language} height={520} /> : null;
}

interface Props {
  reservation: Reservation;
  printing: boolean;
  /** The last print of this ticket failed: it is still unprinted. */
  printFailed: boolean;
  paper: PaperSize;
  /** Absent when this user may not print the ticket again. */
  onPrint?: () => void;
  onResendPin: () => Promise<void>;
  onNewSale: () => void;
}

export function ResultCard({ reservation, printing, printFailed, paper, onPrint, onResendPin, onNewSale }: Props) {
  const { t, i18n } = useTranslation('reservation');
  const [resending, setResending] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  // A new result is what the agent must see next (and on a narrow screen it sits above the form).
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [reservation.pnr]);
  const resend = () => {
    setResending(true);
    onResendPin()
      .then(() => notify('success', t('result.pinResent')))
      // callApi already showed the reason.
      .catch(() => undefined)
      .finally(() => setResending(false));
  };
  return (
    <Card size="small" style={{ marginBottom: 16, scrollMarginTop: 72 }} ref={card}>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <ResultPanel
            reservation={reservation}
            printing={printing}
            printFailed={printFailed}
            resending={resending}
            onPrint={onPrint}
            onResendPin={resend}
            onNewSale={onNewSale}
          />
        </Col>
        <Col xs={24} lg={10}>
          <Preview
            reservation={reservation}
            language={i18n.language === 'bn' ? 'bn' : 'en'}
            paper={paper === 'A4' ? '80mm' : paper}
          />
        </Col>
      </Row>
    </Card>
  );
}
