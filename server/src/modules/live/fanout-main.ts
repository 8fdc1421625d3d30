/**
 * The fan-out process (fanout-process.ts starts it): the live streams' sockets, handed over by the server's process
 * once each stream's headers and first event are written (each taking confirmed), and a Fanout (fanout.ts) writing
 * each event the server sends it to its streams. It lives as long as its server: when the server's process goes (the
 * IPC channel closes), it ends its streams and exits, and their portals reconnect to the next server.
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
  stopping = true;
  fanout?.stop();
  if (sockets.size === 0) process.exit(0);
  // A client that reads nothing would hold its ended socket (and the server's close) for ever.
  setTimeout(() => {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }, STOP_GRACE_MS).unref();
}

process.on('message', (message: ToFanout, socket?: Socket) => {
  if (message.t === 'limits') {
    fanout = new Fanout(message.limits, (key, slow) => tell({ t: 'closed', key, slow }));
  } else if (message.t === 'open') {
    // Without a socket, or one that came closed (its client went while it was on its way): nothing to write to.
    if (!socket || socket.destroyed || !fanout) {
      tell({ t: 'taken', key: message.key });
      tell({ t: 'closed', key: message.key, slow: false });
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
    fanout.open(message.key, socket);
    tell({ t: 'taken', key: message.key });
  } else if (message.t === 'send') {
    fanout?.send(message.keys, Buffer.from(message.data));
  } else if (message.t === 'end') {
    fanout?.end(message.key);
  } else if (message.t === 'stop') {
    stop();
  }
});
process.on('disconnect', stop);
