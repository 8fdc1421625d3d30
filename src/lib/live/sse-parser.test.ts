import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('SseParser', () => {
  it('reads named events with JSON data and skips heartbeat comments', () => {
    const parser = new SseParser();
    const events = parser.push(
      ': hb\n\nevent: hello\ndata: {"streamId":"s1"}\n\n: hb\n\nevent: trip\ndata: {"tripId":5}\n\n',
    );
    expect(events).toEqual([
      { event: 'hello', data: '{"streamId":"s1"}', id: null },
      { event: 'trip', data: '{"tripId":5}', id: null },
    ]);
  });

  it('joins data lines, names an unnamed event "message" and keeps the last id', () => {
    const parser = new SseParser();
    expect(parser.push('id: 7\ndata: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo', id: '7' }]);
  });

  it('completes events split anywhere across chunks, a multi-byte character and a CRLF included', () => {
    const text = 'event: maintenance\r\ndata: {"message":"আপগ্রেড"}\r\n\r\n';
    const encoded = bytes(text);
    for (let cut = 1; cut < encoded.length; cut += 1) {
      const parser = new SseParser();
      const events = [...parser.push(encoded.slice(0, cut)), ...parser.push(encoded.slice(cut))];
      expect(events, `cut at ${cut}`).toEqual([{ event: 'maintenance', data: '{"message":"আপগ্রেড"}', id: null }]);
    }
  });

  it('takes CR alone as a line end, and dispatches nothing for an event without data', () => {
    const parser = new SseParser();
    expect(parser.push('event: trip\r\r')).toEqual([]);
    expect(parser.push('event: balance\rdata: {}\r\r')).toEqual([{ event: 'balance', data: '{}', id: null }]);
  });

  it('holds an unfinished event until its blank line comes', () => {
    const parser = new SseParser();
    expect(parser.push('event: trip\ndata: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'trip', data: '{"a":1}', id: null }]);
  });
});
