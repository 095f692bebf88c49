import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';

export const accountApi = {
  changePassword: (body: { old_pass: string; new_pass: string }) => call(endpoints.changePassword, body),
  updateProfile: (user_name: string) => call(endpoints.profileUpdate, { user_name }),
  deleteAccount: (password: string) => call(endpoints.deleteAccount, { password, confirm: true }),
};
