import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { TicketPreview } from './ticket-preview';
import { useTicketHtml } from './use-ticket-html';
import { soldReservation } from '../../test/reservation-fixture';

function Preview() {
  const html = useTicketHtml({ reservation: soldReservation(), language: 'bn', paper: '58mm', printType: 'ORIGINAL' });
  return html ? <TicketPreview html={html} paper="58mm" language="bn" /> : null;
}

describe('TicketPreview', () => {
  it('shows the ticket document in a fully sandboxed frame', () => {
    render(<TicketPreview html="<!doctype html><p>PNR K7Q2M9X4PA</p>" paper="80mm" language="en" />);
    const frame = screen.getByTitle('Ticket preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<!doctype html><p>PNR K7Q2M9X4PA</p>');
    expect(frame).toHaveStyle({ width: '80mm' });
  });

  it('renders a reservation with the embedded font once it has loaded', async () => {
    render(<Preview />);
    const frame = await waitFor(() => screen.getByTitle('টিকিটের প্রিভিউ'), { timeout: 10_000 });
    const html = frame.getAttribute('srcdoc') ?? '';
    expect(html).toContain('@page { size: 58mm auto; margin: 0; }');
    expect(html).toContain('data:font/ttf;base64,');
    expect(html).toContain('যাত্রী');
  });
});
