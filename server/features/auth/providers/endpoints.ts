/** Where each sign-in provider lives; tests point these at fakes on loopback. */
export interface OAuthEndpoints {
  authorize: string;
  token: string;
  user: string;
}

export interface IdentityEndpoints {
  /** The game platform's OpenID 2.0 provider endpoint. */
  steam: string;
  discord: OAuthEndpoints;
  github: OAuthEndpoints;
}

export const DEFAULT_IDENTITY_ENDPOINTS: IdentityEndpoints = {
  steam: 'https://steamcommunity.com/openid/login',
  discord: {
    authorize: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    user: 'https://discord.com/api/users/@me',
  },
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    user: 'https://api.github.com/user',
  },
};
