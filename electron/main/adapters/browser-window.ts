import { app, BrowserWindow, screen } from 'electron';
import type { WindowBounds } from '../services/settings';
import { DEFAULT_WINDOW_SIZE, restorableBounds } from '../services/window-bounds';

export interface MainWindow {
  readonly webContentsId: number;
  isDestroyed(): boolean;
  focus(): void;
  load(url: string): Promise<void>;
}

export interface MainWindowOptions {
  preloadPath: string;
  title: string;
  savedBounds: WindowBounds | null;
  onBoundsChanged: (bounds: WindowBounds) => void;
  onClosed: () => void;
}

/** The portal's one window: isolated, sandboxed, no Node, web security on. */
export function createMainWindow(options: MainWindowOptions): MainWindow {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = restorableBounds(options.savedBounds, workAreas);
  const win = new BrowserWindow({
    ...(bounds ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height } : DEFAULT_WINDOW_SIZE),
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: options.title,
    autoHideMenuBar: true,
    webPreferences: {
      // eng-disable PRELOAD_JS_CHECK (reviewed: our own bundled preload, sandboxed, exposes one invoke per IPC channel)
      preload: options.preloadPath, // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: !app.isPackaged,
      // Middle-click must not open links in new windows (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (bounds?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const save = () => {
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    const normal = win.getNormalBounds();
    options.onBoundsChanged({ ...normal, maximized: win.isMaximized() });
  };
  let debounce: ReturnType<typeof setTimeout> | null = null;
  const saveSoon = () => {
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => save(), 500);
  };
  win.on('resize', saveSoon);
  win.on('move', saveSoon);
  win.on('close', () => save());
  win.on('closed', () => {
    if (debounce) clearTimeout(debounce);
    options.onClosed();
  });

  const webContentsId = win.webContents.id;
  return {
    webContentsId,
    isDestroyed: () => win.isDestroyed(),
    focus: () => {
      if (win.isDestroyed()) return;
      if (win.isMinimized()) win.restore();
      win.focus();
    },
    load: (url) => win.loadURL(url),
  };
}
