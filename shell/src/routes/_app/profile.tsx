import { createFileRoute } from '@tanstack/react-router';
import { SIGNED_IN_PAGES, staticDataOf } from '../../layout/signed-in-pages.ts';
import { ProfilePage } from '../../profile/profile-page.tsx';

export const Route = createFileRoute('/_app/profile')({
  staticData: staticDataOf(SIGNED_IN_PAGES.profile),
  component: ProfilePage,
});
