/**
 * The one message catalogue shared by the services (error envelopes) and both React apps
 * (client-side validation shows the same text as the server). zh-CN is the default language.
 */
export const languages = ['zh-CN', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-CN';

type Text = Record<Language, string>;

/** Messages of spec §5 and §8, plus the platform's own errors. */
export const messages = {
  // spec §5 validation
  usernameFormat: { en: 'Username is 6~20 characters of lowercase letters or numbers', 'zh-CN': '用户名为6~20位小写字母或数字' },
  passwordFormat: { en: 'Password is 8~20 characters of letters and numbers', 'zh-CN': '密码为8~20位字母和数字' },
  passwordsNotSame: { en: 'Passwords are not same', 'zh-CN': '两次输入的密码不一致' },
  phoneFormat: { en: 'Phone number format is incorrect', 'zh-CN': '手机号格式不正确' },
  emailFormat: { en: 'Email format is incorrect', 'zh-CN': '邮箱格式不正确' },
  codeFormat: { en: 'Verification code format is incorrect', 'zh-CN': '验证码格式不正确' },
  nameFormat: { en: 'Name format is incorrect', 'zh-CN': '姓名格式不正确' },
  idCardFormat: { en: 'ID card number format is incorrect', 'zh-CN': '身份证号格式不正确' },
  passportFormat: { en: 'Passport number format is incorrect', 'zh-CN': '护照号格式不正确' },
  organizationRequired: { en: 'Please enter valid University/Organization', 'zh-CN': '请输入有效的学校/单位' },
  countryRegionRequired: { en: 'Please enter your current country/region', 'zh-CN': '请输入您当前所在的国家/地区' },
  teamNameRequired: { en: 'Please enter a team name', 'zh-CN': '请输入队伍名称' },
  newTeamNameRequired: { en: 'Please enter a new team name', 'zh-CN': '请输入新的队伍名称' },
  certificatePhotoInvalid: {
    en: 'Please upload a certificate photo that meets the specifications',
    'zh-CN': '请上传符合要求的证件照片',
  },
  termsRequired: { en: 'Please read and agree the service terms', 'zh-CN': '请阅读并同意服务条款' },
  fileFormatError: { en: 'File format error', 'zh-CN': '文件格式错误' },
  // spec §8 success notices
  loginSuccess: { en: 'Login success', 'zh-CN': '登录成功' },
  registerSuccess: { en: 'Register success', 'zh-CN': '注册成功' },
  resetSuccess: { en: 'Reset success', 'zh-CN': '重置成功' },
  codeSendSuccess: { en: 'Verify code send success', 'zh-CN': '验证码发送成功' },
  modifySuccess: { en: 'Modify success', 'zh-CN': '修改成功' },
  profileUpdateSuccess: { en: 'Update Personal Information success', 'zh-CN': '个人信息更新成功' },
  submitSuccess: { en: 'Submit success', 'zh-CN': '提交成功' },
  verificationPass: { en: 'Verification Pass', 'zh-CN': '认证通过' },
  verificationFailed: { en: 'Verification Failed', 'zh-CN': '认证未通过' },
  uploadSuccess: { en: 'Upload success', 'zh-CN': '上传成功' },
  uploadFailed: { en: 'Upload failed', 'zh-CN': '上传失败' },
  downloadLinkFailed: { en: 'Download link failed', 'zh-CN': '下载链接获取失败' },
  // identity
  accountExists: { en: 'This account already exists', 'zh-CN': '该账号已存在' },
  usernameTaken: { en: 'This username is already registered', 'zh-CN': '该用户名已被注册' },
  emailTaken: { en: 'This email is already registered', 'zh-CN': '该邮箱已被注册' },
  phoneTaken: { en: 'This phone number is already registered', 'zh-CN': '该手机号已被注册' },
  wrongCredentials: { en: 'Wrong account or password', 'zh-CN': '账号或密码错误' },
  accountLocked: {
    en: 'Too many wrong passwords; sign-in is locked for a while, please try again later',
    'zh-CN': '密码错误次数过多，登录已暂时锁定，请稍后再试',
  },
  accountDisabled: { en: 'This account has been disabled', 'zh-CN': '该账号已被停用' },
  codeInvalid: { en: 'The verification code is wrong', 'zh-CN': '验证码错误' },
  codeExpired: { en: 'The verification code has expired, please get a new one', 'zh-CN': '验证码已过期，请重新获取' },
  codeBurned: {
    en: 'The verification code was entered wrongly too many times, please get a new one',
    'zh-CN': '验证码错误次数过多，请重新获取',
  },
  codeTooSoon: { en: 'Please wait before asking for another code', 'zh-CN': '请稍后再获取验证码' },
  codeRateLimited: { en: 'Too many codes requested, please try again later', 'zh-CN': '验证码获取过于频繁，请稍后再试' },
  contactNotRegistered: { en: 'No account uses this phone number or email', 'zh-CN': '该手机号或邮箱未注册' },
  wrongOldPassword: { en: 'The current password is wrong', 'zh-CN': '当前密码错误' },
  verificationPending: { en: 'Your verification is already under review', 'zh-CN': '您的实名认证正在审核中' },
  alreadyVerified: { en: 'Your real name is already verified', 'zh-CN': '您已完成实名认证' },
  verificationNotPending: { en: 'This verification has already been decided', 'zh-CN': '该认证已审核完毕' },
  rejectReasonRequired: { en: 'Please give a reason for the rejection', 'zh-CN': '请填写驳回原因' },
  alipayNotConfigured: {
    en: 'Real-name check through the payment app is not configured on this platform yet',
    'zh-CN': '本平台尚未开通支付宝实名认证',
  },
  // platform errors
  invalidRequest: { en: 'The request is invalid', 'zh-CN': '请求参数不正确' },
  notSignedIn: { en: 'Please sign in first', 'zh-CN': '请先登录' },
  forbidden: { en: 'You do not have permission for this action', 'zh-CN': '您没有执行此操作的权限' },
  notFound: { en: 'The requested resource does not exist', 'zh-CN': '请求的资源不存在' },
  routeNotFound: { en: 'No such API call', 'zh-CN': '接口不存在' },
  concurrentChange: {
    en: 'Someone changed this at the same time, please try again',
    'zh-CN': '数据已被同时修改，请重试',
  },
  tooManyRequests: { en: 'Too many requests, please try again later', 'zh-CN': '请求过于频繁，请稍后再试' },
  payloadTooLarge: { en: 'The upload is too large', 'zh-CN': '上传内容过大' },
  notAvailableYet: {
    en: 'This feature is not available yet',
    'zh-CN': '该功能暂未开放',
  },
  internalError: { en: 'Something went wrong on our side, please try again later', 'zh-CN': '服务器开小差了，请稍后再试' },
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;

/**
 * Body codes of the `{ code, message, data }` envelope. 0 is success; 401 makes the portal go to /login.
 * Codes below 1000 mirror the HTTP class; 10xxx identity, 20xxx competition, 30xxx team, 40xxx scoring.
 */
export const errorCodes = {
  ok: 0,
  invalidRequest: 400,
  notSignedIn: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
  notAvailable: 501,
} as const;

export function translate(key: MessageKey, language: Language): string {
  return messages[key][language];
}

/** Picks zh-CN or en from an Accept-Language header (or a stored choice); zh-CN when nothing matches. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return defaultLanguage;
}
