import AcUnitIcon from '@mui/icons-material/AcUnit';
import CategoryIcon from '@mui/icons-material/Category';
import ContactSupportIcon from '@mui/icons-material/ContactSupport';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhoneIcon from '@mui/icons-material/Phone';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import SettingsIcon from '@mui/icons-material/Settings';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import TollIcon from '@mui/icons-material/Toll';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { ReactElement } from 'react';
import type { BottomNavKey } from './bottom-nav-items.ts';
import type { MenuItemKey } from './side-menu-items.ts';

/** One icon per menu item of the side menu and the bottom navigation. */
export const MENU_ICONS: Record<MenuItemKey | BottomNavKey, ReactElement> = {
  home: <HomeIcon />,
  categories: <CategoryIcon />,
  euro_special: <SportsSoccerIcon />,
  xmas: <AcUnitIcon />,
  free_coins: <TollIcon />,
  billing: <CreditCardIcon />,
  voicecall: <PhoneIcon />,
  videos: <VideoLibraryIcon />,
  galleries: <PhotoLibraryIcon />,
  archive: <Inventory2Icon />,
  favorites: <FavoriteIcon />,
  messages: <MailIcon />,
  settings: <SettingsIcon />,
  contact: <ContactSupportIcon />,
  logout: <LogoutIcon />,
  signup: <PersonAddIcon />,
  login: <LoginIcon />,
  coins: <TollIcon />,
  nickname: <PersonIcon />,
};
