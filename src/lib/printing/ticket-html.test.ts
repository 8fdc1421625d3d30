import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCompanyTime } from '../format/company-time';
import type { PaperSize } from '@agent-portal/contract';
import { loadTicketFonts } from './ticket-fonts';
import { printTypeFor, renderTicketHtml, type TicketOptions } from './ticket-html';
import { soldReservation } from '../../test/reservation-fixture';
import { latinNumberLeaks } from '../../test/latin-digits';

const FAKE_FONTS = { regular: 'data:font/ttf;base64,UkVHVUxBUg==', bold: 'data:font/ttf;base64,Qk9MRA==' };
const options = (extra: Partial<TicketOptions> = {}): TicketOptions => ({
  language: 'en',
  paper: '80mm',
  printType: 'ORIGINAL',
  fonts: FAKE_FONTS,
  printedAt: new Date('2026-11-21T12:00:00Z'),
  ...extra,
});
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

afterEach(() => {
  vi.useRealTimers();
});

describe('renderTicketHtml', () => {
  it('is a complete document with the ticket facts', () => {
    const html = renderTicketHtml(soldReservation(), options());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const doc = parse(html);
    const text = doc.body.textContent ?? '';
    for (const fact of [
      'Green Line Paribahan',
      'K7Q2M9X4PA',
      'Rahim Uddin',
      '01711000000',
      'GL-101',
      'AC Business',
      'Dhaka - Chattogram',
      'Kallyanpur',
      'Dampara',
      'Boarding time',
      'Reporting time',
      'Kallyanpur Counter 2',
      'agent.karim',
      'ORIGINAL',
    ]) {
      expect(text).toContain(fact);
    }
    // Times are Bangladesh times whatever the PC's zone says.
    expect(text).toContain('Nov 22, 2026');
    expect(text).not.toMatch(/Nov 22, 26(?!\d)/);
    expect(text).toContain('Nov 22, 2026 08:30 AM');
    expect(text).toContain('08:15 AM');
    expect(text).toContain('Nov 21, 2026 05:05 PM');
    expect(text).toContain('Nov 21, 2026 06:00 PM · ORIGINAL');
    const seats = [...doc.querySelectorAll('table.seats tbody tr')].map((row) => row.textContent);
    expect(seats).toEqual(['A1Business৳ 1,200.00', 'A2Business৳ 1,200.00']);
    const totals = [...doc.querySelectorAll('table.totals tr')].map((row) => row.textContent);
    expect(totals).toEqual(['Fare৳ 2,400.00', 'Discount−৳ 100.00', 'Total৳ 2,300.00']);
  });

  it('never prints the PIN, only that it went by SMS', () => {
    const html = renderTicketHtml(soldReservation({ pin: '482913' }), options());
    expect(html).not.toContain('482913');
    expect(html).toContain('PIN sent by SMS');
  });

  it('escapes every text field, so a passenger name cannot inject markup', () => {
    const attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const reservation = soldReservation({
      passenger: { name: attack, phone: '0171"><b>1', countryCode: 'BD', email: null, remarks: null },
      companyName: '</style><script>alert(3)</script>',
      outlet: "O'Brien & Sons",
      seats: [{ name: '<i>A1</i>', seatType: 'Business', fare: 1200, discount: 0, status: 1 }],
    });
    const html = renderTicketHtml(reservation, options());
    expect(html).not.toMatch(/<script|<img|<b>|<i>/i);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('O&#39;Brien &amp; Sons');
    const doc = parse(html);
    expect(doc.querySelectorAll('script, img, b, i')).toHaveLength(0);
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) =>
      el.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    expect(doc.body.textContent).toContain(attack);
  });

  it('carries no script and forbids scripts by CSP', () => {
    const html = renderTicketHtml(soldReservation(), options());
    expect(html).not.toMatch(/<script/i);
    const csp = parse(html).querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(csp).toContain("default-src 'none'");
  });

  it('holds the PNR as an inline QR code', () => {
    const doc = parse(renderTicketHtml(soldReservation(), options()));
    const qr = doc.querySelector('svg.qr');
    expect(qr).not.toBeNull();
    expect(qr?.getAttribute('aria-label')).toBe('QR code of the PNR');
    expect(qr?.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+/);
  });

  it('speaks Bengali with Bengali station names and digits', () => {
    const html = renderTicketHtml(soldReservation(), options({ language: 'bn', printType: 'REPRINT' }));
    const doc = parse(html);
    expect(doc.documentElement.lang).toBe('bn');
    const text = doc.body.textContent ?? '';
    for (const label of [
      'যাত্রী',
      'পিএনআর',
      'পিন এসএমএসে পাঠানো হয়েছে',
      'বোর্ডিং পয়েন্ট',
      'মোট',
      'পুনর্মুদ্রণ',
      'কল্যাণপুর',
      'দামপাড়া',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('৳ ২,৩০০.০০');
    // The part of the day before a 12-hour time, and the trip date's full year.
    expect(text).toContain('নভে ২২, ২০২৬ সকাল ৮:৩০');
    expect(text).toContain('সকাল ৮:১৫');
    expect(text).not.toContain('Passenger');
  });

  it("names the company and the stops' cities in Bengali where the server has the Bengali names", () => {
    const reservation = soldReservation({
      companyNameBn: 'গ্রীন লাইন পরিবহন',
      origin: { stationId: 11, name: 'Kallyanpur', nameBn: 'কল্যাণপুর', cityName: 'Dhaka', cityNameBn: 'ঢাকা' },
      destination: { stationId: 21, name: 'Dampara', nameBn: 'দামপাড়া', cityName: 'Chattogram', cityNameBn: 'চট্টগ্রাম' },
    });
    const bengali = parse(renderTicketHtml(reservation, options({ language: 'bn' }))).body.textContent ?? '';
    for (const name of ['গ্রীন লাইন পরিবহন', 'ঢাকা', 'চট্টগ্রাম']) expect(bengali).toContain(name);
    expect(bengali).not.toContain('Green Line');
    // The route has one name only ("Dhaka - Chattogram"): the cities under the stops are Bengali.
    const captions = [
      ...parse(renderTicketHtml(reservation, options({ language: 'bn' }))).querySelectorAll('.caption'),
    ];
    expect(captions.map((c) => c.textContent)).toEqual(expect.arrayContaining(['ঢাকা', 'চট্টগ্রাম']));
    expect(captions.map((c) => c.textContent)).not.toContain('Dhaka');
    const english = parse(renderTicketHtml(reservation, options({ language: 'en' }))).body.textContent ?? '';
    for (const name of ['Green Line Paribahan', 'Dhaka', 'Chattogram']) expect(english).toContain(name);
    // A server that sends no Bengali names: the English ones stand.
    expect(parse(renderTicketHtml(soldReservation(), options({ language: 'bn' }))).body.textContent).toContain(
      'Green Line Paribahan',
    );
  });

  it.each([
    ['a sale', soldReservation()],
    // A booking adds its pay-before time; a night coach leaves after midnight.
    [
      'a booking on a night coach',
      soldReservation({
        status: 2,
        expirationTime: '2026-11-21T22:40:00+06:00',
        boardingTime: '2026-11-23T00:30:00+06:00',
        reportingTime: '2026-11-23T00:15:00+06:00',
      }),
    ],
  ])('in Bengali shows no Latin digit or AM/PM outside codes and phone numbers: %s', (_, reservation) => {
    for (const paper of ['80mm', '58mm', 'A4'] as const) {
      for (const printType of ['ORIGINAL', 'REPRINT'] as const) {
        const doc = parse(renderTicketHtml(reservation, options({ language: 'bn', paper, printType })));
        const text = `${doc.title} ${doc.body.textContent ?? ''}`;
        expect(latinNumberLeaks(text, [reservation.outlet])).toEqual([]);
      }
    }
  });

  it('embeds the Bengali font as @font-face data', async () => {
    const fonts = await loadTicketFonts();
    expect(fonts.regular).toMatch(/^data:font\/ttf;base64,/);
    const html = renderTicketHtml(soldReservation(), options({ language: 'bn', fonts }));
    expect(html).toContain("@font-face{font-family:'Ticket Bengali';src:url(data:font/ttf;base64,");
    expect(html).toContain('font-weight:700');
    expect(html).toContain(fonts.bold);
  });

  it.each<[PaperSize, string, string]>([
    ['80mm', '@page { size: 80mm auto; margin: 0; }', 'width: 72mm'],
    ['58mm', '@page { size: 58mm auto; margin: 0; }', 'width: 48mm'],
    ['A4', '@page { size: A4; margin: 12mm; }', 'border: 0.4mm solid #000'],
  ])('sizes the page for %s paper', (paper, page, content) => {
    const html = renderTicketHtml(soldReservation(), options({ paper }));
    expect(html).toContain(page);
    expect(html).toContain(content);
  });

  it('shows a booking with its pay-before time, and an open ticket without trip rows', () => {
    const booked = renderTicketHtml(
      soldReservation({ status: 2, expirationTime: '2026-11-21T20:00:00+06:00' }),
      options(),
    );
    expect(parse(booked).querySelector('.status')?.textContent).toMatch(/^Booked · Pay before /);
    const open = renderTicketHtml(
      soldReservation({
        status: 12,
        tripId: null,
        coachCode: null,
        coachType: null,
        tripDate: null,
        boardingTime: null,
        reportingTime: null,
      }),
      options(),
    );
    const text = parse(open).body.textContent ?? '';
    expect(text).toContain('Open');
    expect(text).not.toContain('Coach type');
    expect(text).not.toContain('Boarding time');
  });

  it("says when it was printed by the server's clock in the company's zone, not the PC's", () => {
    // The PC's clock is a day and a half behind; the server's now is 10:00 on 10 March in Dhaka.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-03-08T18:00:00.000Z');
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-10T04:00:00.000Z' });
    const text = parse(renderTicketHtml(soldReservation(), options({ printedAt: undefined }))).body.textContent ?? '';
    expect(text).toContain('Mar 10, 2026 10:00 AM · ORIGINAL');
  });

  it('calls the first print the original and later ones reprints', () => {
    expect(printTypeFor({ printCount: 0 })).toBe('ORIGINAL');
    expect(printTypeFor({ printCount: 2 })).toBe('REPRINT');
  });
});
