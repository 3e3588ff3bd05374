import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../profile/profile-page.tsx';

export const Route = createFileRoute('/_app/profile')({
  staticData: { title: 'Profile' },
  component: ProfilePage,
});
