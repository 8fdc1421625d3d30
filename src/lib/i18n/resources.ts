import enAuth from '../../locales/en/auth.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enHome from '../../locales/en/home.json';
import enMenu from '../../locales/en/menu.json';
import enProfile from '../../locales/en/profile.json';
import enScreens from '../../locales/en/screens.json';
import bnAuth from '../../locales/bn/auth.json';
import bnCommon from '../../locales/bn/common.json';
import bnErrors from '../../locales/bn/errors.json';
import bnHome from '../../locales/bn/home.json';
import bnMenu from '../../locales/bn/menu.json';
import bnProfile from '../../locales/bn/profile.json';
import bnScreens from '../../locales/bn/screens.json';

/**
 * Both languages are bundled: together they are a few kilobytes, and a
 * language switch at the counter must not wait for the network.
 */
export const resources = {
  en: { auth: enAuth, common: enCommon, errors: enErrors, home: enHome, menu: enMenu, profile: enProfile, screens: enScreens },
  bn: { auth: bnAuth, common: bnCommon, errors: bnErrors, home: bnHome, menu: bnMenu, profile: bnProfile, screens: bnScreens },
} as const;

export const NAMESPACES = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];
