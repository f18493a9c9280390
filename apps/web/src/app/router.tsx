import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LoginRoute } from '../features/auth/LoginRoute';
import { lazyNamed } from './lazy';
import { RootLayout } from './RootLayout';
import { SessionGate } from './SessionGate';

const HomePage = lazyNamed(() => import('../features/home/HomePage'), 'HomePage');
const ShellPage = lazyNamed(() => import('../features/shell/ShellPage'), 'ShellPage');
const FriendsPage = lazyNamed(() => import('../features/friends/FriendsPage'), 'FriendsPage');
const DmPage = lazyNamed(() => import('../features/dms/DmPage'), 'DmPage');
const FriendInvitePage = lazyNamed(() => import('../features/friends/FriendInvitePage'), 'FriendInvitePage');
const TeamPage = lazyNamed(() => import('../features/teams/TeamPage'), 'TeamPage');
const InvitePage = lazyNamed(() => import('../features/invites/InvitePage'), 'InvitePage');
const PublicLayout = lazyNamed(() => import('../features/public/PublicLayout'), 'PublicLayout');
const PublicPage = lazyNamed(() => import('../features/public/PublicPage'), 'PublicPage');
const ConnectionCallbackPage = lazyNamed(() => import('../features/connections/ConnectionCallbackPage'), 'ConnectionCallbackPage');
const LegalPage = lazyNamed(() => import('../features/legal/LegalPage'), 'LegalPage');
const LicensesPage = lazyNamed(() => import('../features/legal/LicensesPage'), 'LicensesPage');
const DownloadPage = lazyNamed(() => import('../features/legal/DownloadPage'), 'DownloadPage');
const SecurityPage = lazyNamed(() => import('../features/legal/SecurityPage'), 'SecurityPage');
const ResetPasswordPage = lazyNamed(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const EmailVerifyPage = lazyNamed(() => import('../features/account/EmailVerifyPage'), 'EmailVerifyPage');

/** Public pages that show the public layout and a heading (spec 000 §2); key = path = pages namespace key. */
const PUBLIC_PAGES = ['subscription', 'games', 'verification'] as const;

/** The legal pages (features/legal): markdown an operator may replace; path = page name. */
const LEGAL_PAGES = ['tos', 'privacy', 'ss', 'iptal', 'guidelines', 'jobs', 'contact'] as const;

/** Signed-in pages built by later issues: path → pages namespace key. */
const SHELL_PAGES: [path: string, page: string][] = [
  ['discover/teams', 'discoverTeams'],
  ['discover/tournaments', 'discoverTournaments'],
  ['me/applications', 'meApplications'],
  ['me/subscription', 'meSubscription'],
  ['teams/suspended', 'teamsSuspended'],
  ['teams/:teamId/channels/:channelId/blog/:blogId', 'teamBlog'],
  ['teams/:teamId/channels/:channelId/:applicationId', 'application'],
  ['developers', 'developers'],
  ['developers/bots/:botId', 'developerBot'],
  ['b/:botId', 'botAdd'],
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // "/" (landing or home) and the protected routes; signed-out visitors are sent to "/".
        element: <SessionGate />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'teams/:teamId', element: <TeamPage /> },
          { path: 'teams/:teamId/channels/:channelId', element: <TeamPage /> },
          { path: 'me/friends', element: <FriendsPage /> },
          { path: 'chat', element: <DmPage /> },
          { path: 'chat/:channelId', element: <DmPage /> },
          ...SHELL_PAGES.map(([path, page]) => ({ path, element: <ShellPage page={page} /> })),
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          ...PUBLIC_PAGES.map((page) => ({ path: page, element: <PublicPage page={page} /> })),
          ...LEGAL_PAGES.map((page) => ({ path: page, element: <LegalPage page={page} /> })),
          { path: 'licenses', element: <LicensesPage /> },
          { path: 'download', element: <DownloadPage /> },
          { path: 'security', element: <SecurityPage /> },
          { path: 'blog/:blogId', element: <PublicPage page="blog" /> },
          { path: 'connections/:provider', element: <ConnectionCallbackPage /> },
          { path: 'template/:code', element: <PublicPage page="template" /> },
          { path: 'resetpassword/:token', element: <ResetPasswordPage /> },
          { path: 'emailVerify', element: <EmailVerifyPage /> },
        ],
      },
      { path: 'login', element: <LoginRoute /> },
      { path: 'invite/:code', element: <InvitePage /> },
      { path: 'friendinvite', element: <FriendInvitePage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Every route of the app (rendered inside <BrowserRouter>). */
export function AppRoutes() {
  return useRoutes(routes);
}
