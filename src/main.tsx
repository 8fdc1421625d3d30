import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { createAppRouter } from './app/router';
import { installSelectPicks } from './components/select-picks';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Every select: a Tab right after the Enter that picked moves on (components/select-picks.ts).
installSelectPicks();

void bootstrap().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
});
