/**
 * Every API path the clients call. Query keys start with one of these, so the default query
 * function (join the key with '/') and cross-app invalidation agree on one spelling.
 */
export const API_PATHS = {
  health: '/api/health',
  ready: '/api/ready',
  loginRedirect: '/api/login',
  authMe: '/api/auth/me',
  authUser: '/api/auth/user',
  authLogin: '/api/auth/login',
  authRegister: '/api/auth/register',
  authLogout: '/api/auth/logout',
  authAdminLogin: '/api/auth/admin/login',
  authAdminForgotPassword: '/api/auth/admin/forgot-password',
  authAdminResetPassword: '/api/auth/admin/reset-password',
  authForgotPassword: '/api/auth/forgot-password',
  authResetPassword: '/api/auth/reset-password',
  authSetPassword: '/api/auth/set-password',
  authProfile: '/api/auth/profile',
  authPreferences: '/api/auth/profile/preferences',
  authChangePassword: '/api/auth/change-password',
  authVerifyEmail: '/api/auth/verify-email',
  authResendVerification: '/api/auth/verify-email/resend',
  adminUsers: '/api/admin/users',
  tickets: '/api/tickets',
  dashboardMetrics: '/api/dashboard/metrics',
  dashboardTeamActivity: '/api/dashboard/team-activity',
  dashboardSlaMetrics: '/api/dashboard/sla-metrics',
  notifications: '/api/notifications',
  notificationsCount: '/api/notifications/count',
  notificationsReadAll: '/api/notifications/read-all',
  events: '/api/events',
  kbCategories: '/api/kb/categories',
  kbCategoriesManage: '/api/kb/categories/manage',
  kbArticles: '/api/kb/articles',
  kbArticlesSearch: '/api/kb/articles/search',
  kbImages: '/api/kb/images',
  teams: '/api/teams',
  search: '/api/search',
} as const;

/** `/api/admin/users/{userId}/status` */
export const adminUserStatusPath = (userId: string) => `${API_PATHS.adminUsers}/${userId}/status`;
