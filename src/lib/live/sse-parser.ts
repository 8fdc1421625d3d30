/**
 * Server-sent events read from a byte stream (the portal reads the stream with fetch(), not EventSource, because
 * EventSource cannot send the session's token in a header). The text/event-stream rules of the HTML standard: lines
 * end in CRLF, LF or CR; `field: value`; several data lines join with a newline; a blank line dispatches; a line
 * starting with a colon is a comment (the server's heartbeat). Chunks may split a line, or a CRLF, anywhere.
 */
export interface SseEvent {
  /** `message` when the server named none. */
  event: string;
  data: string;
  id: string | null;
}

export class SseParser {
  private buffer = '';
  /** The previous chunk ended in CR: a LF opening the next one belongs to that line end. */
  private afterCr = false;
  private eventName = '';
  private dataLines: string[] = [];
  private hasData = false;
  private lastId: string | null = null;
  private readonly decoder = new TextDecoder();

  /** Feeds bytes (or text) and answers the events they complete, in order. */
  push(chunk: Uint8Array | string): SseEvent[] {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = false;
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i += 1) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      const line = this.buffer.slice(start, i);
      if (c === '\r') {
        if (i + 1 === this.buffer.length) this.afterCr = true;
        else if (this.buffer[i + 1] === '\n') i += 1;
      }
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') {
      this.dataLines.push(value);
      this.hasData = true;
    } else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return null;
  }

  private dispatch(): SseEvent | null {
    const event = this.hasData
      ? { event: this.eventName || 'message', data: this.dataLines.join('\n'), id: this.lastId }
      : null;
    this.eventName = '';
    this.dataLines = [];
    this.hasData = false;
    return event;
  }
}
