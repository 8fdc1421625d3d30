/**
 * The fan-out process (fanout-process.ts starts it): the live streams' sockets, handed over by the server's process
 * once each stream's headers and first event are written (each taking confirmed), and a Fanout (fanout.ts) writing
 * what the server sends it. The server batches (LIVE_BATCH_MS): each message is one batch, and each stream's share of
 * it goes out in one socket write at the end of the turn. It lives as long as its server: when the server's process
 * goes (the IPC channel closes), it ends its streams and exits, and their portals reconnect to the next server.
 */
import type { Socket } from 'node:net';
import { Fanout } from './fanout';
import type { FromFanout, ToFanout } from './fanout-protocol';

/** How long the streams' last bytes may take to leave at a stop before their sockets are destroyed. */
const STOP_GRACE_MS = 1000;

const tell = (message: FromFanout) => {
  if (process.connected) process.send!(message);
};

let fanout: Fanout | null = null;
const sockets = new Set<Socket>();
let stopping = false;

function stop(): void {
  if (stopping) return;
  stopping = true;
  fanout?.stop();
  if (sockets.size === 0) process.exit(0);
  // A client that reads nothing would hold its ended socket (and the server's close) for ever.
  setTimeout(() => {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }, STOP_GRACE_MS).unref();
}

/** The socket as the Fanout's StreamOut: its end closes it once written (an answer's end would, in the server). */
function streamOut(socket: Socket) {
  return {
    get destroyed() {
      return socket.destroyed;
    },
    get writableLength() {
      return socket.writableLength;
    },
    write: (chunk: Buffer) => socket.write(chunk),
    end: () => socket.end(() => socket.destroy()),
    destroy: () => socket.destroy(),
    once: (event: 'close', listener: () => void) => socket.once(event, listener),
  };
}

process.on('message', (message: ToFanout, socket?: Socket) => {
  if (message.t === 'limits') {
    // The server batched already: what one message brings goes out at the end of its turn.
    fanout = new Fanout({ ...message.limits, batchMs: 0 }, (id, slow) => tell({ t: 'closed', id, slow }));
  } else if (message.t === 'open') {
    // Without a socket, or one that came closed (its client went while it was on its way): nothing to write to.
    if (!socket || socket.destroyed || !fanout || stopping) {
      socket?.destroy();
      tell({ t: 'taken', id: message.id });
      tell({ t: 'closed', id: message.id, slow: false });
      return;
    }
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && stopping) process.exit(0);
    });
    // Nothing more comes from the client (a GET, Connection: close), but its end must be read to be seen.
    socket.on('error', () => undefined);
    socket.resume();
    fanout.open(message.id, streamOut(socket));
    tell({ t: 'taken', id: message.id });
  } else if (message.t === 'batch') {
    for (const step of message.steps) {
      if ('end' in step) fanout?.end(step.end);
      else fanout?.send(step.to, Buffer.from(step.chunk.buffer, step.chunk.byteOffset, step.chunk.byteLength));
    }
  } else if (message.t === 'count') {
    tell({ t: 'count', writes: fanout?.writes ?? 0 });
  } else if (message.t === 'stop') {
    stop();
  }
});
process.on('disconnect', stop);
