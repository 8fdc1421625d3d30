import { create } from 'zustand';

/** Layout state that no server knows about. */
interface UiState {
  drawerOpen: boolean;
  expiryBannerDismissed: boolean;
  setDrawerOpen: (open: boolean) => void;
  dismissExpiryBanner: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  drawerOpen: false,
  expiryBannerDismissed: false,
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  dismissExpiryBanner: () => set({ expiryBannerDismissed: true }),
}));
