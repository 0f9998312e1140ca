import type { Text } from './text.ts';

/** Messages of the identity service (accounts, codes, verification). */
export const identityMessages = {
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
  accountClosed: { en: 'This account has been closed', 'zh-CN': '该账号已注销' },
  closeReasonRequired: {
    en: 'Please give a reason for closing the account',
    'zh-CN': '请填写注销原因',
  },
  deletedUser: { en: 'Deleted user', 'zh-CN': '已注销用户' },
  codeInvalid: { en: 'The verification code is wrong', 'zh-CN': '验证码错误' },
  codeExpired: {
    en: 'The verification code has expired, please get a new one',
    'zh-CN': '验证码已过期，请重新获取',
  },
  codeBurned: {
    en: 'The verification code was entered wrongly too many times, please get a new one',
    'zh-CN': '验证码错误次数过多，请重新获取',
  },
  codeTooSoon: { en: 'Please wait before asking for another code', 'zh-CN': '请稍后再获取验证码' },
  codeRateLimited: {
    en: 'Too many codes requested, please try again later',
    'zh-CN': '验证码获取过于频繁，请稍后再试',
  },
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
  // Account administration (10050–10059).
  disableReasonRequired: { en: 'Please give a reason for disabling the account', 'zh-CN': '请填写停用原因' },
  ownVerification: {
    en: 'Nobody can decide their own real-name verification; another reviewer must do it',
    'zh-CN': '不能审核自己的实名认证，请由其他审核员处理',
  },
  certificateNumberMismatch: {
    en: 'The number you typed from the photo does not match the submitted certificate number; check the photo again or reject',
    'zh-CN': '您根据照片输入的证件号码与提交的号码不一致；请再次核对照片或驳回',
  },
  photosNotViewed: {
    en: 'Open every certificate photo before approving',
    'zh-CN': '请先查看全部证件照片再通过',
  },
  photoChecklistIncomplete: {
    en: 'Confirm each photo rule (whole arm and upper body visible, face unobstructed, all details clear) before approving',
    'zh-CN': '通过前请逐项确认照片要求（手臂及上半身完整可见、面部无遮挡、证件信息清晰）',
  },
  staffNeedsAdmin: {
    en: 'Only an administrator can disable a staff account or change staff roles',
    'zh-CN': '只有管理员可以停用工作人员账号或更改工作人员角色',
  },
  lastAdmin: {
    en: 'This is the last administrator; grant the admin role to someone else first',
    'zh-CN': '这是最后一位管理员，请先将管理员角色授予其他人',
  },
  notOnOwnAccount: {
    en: 'Administrators cannot disable their own account or take their own admin role',
    'zh-CN': '管理员不能停用自己的账号或收回自己的管理员角色',
  },
  // Identity signals (10060–10069).
  identitySignalNotFound: { en: 'This identity signal does not exist', 'zh-CN': '该身份信号不存在' },
  identitySignalDecided: {
    en: 'This identity signal has already been acted on',
    'zh-CN': '该身份信号已处理',
  },
  // Personal access tokens (10080–10089, decision 0019).
  tokenInvalid: {
    en: 'This access token is not valid; create a new one on your user page',
    'zh-CN': '该访问令牌无效，请在个人页面重新创建',
  },
  tokenRevoked: {
    en: 'This access token has been revoked; create a new one on your user page',
    'zh-CN': '该访问令牌已被撤销，请在个人页面重新创建',
  },
  tokenExpired: {
    en: 'This access token has expired; create a new one on your user page',
    'zh-CN': '该访问令牌已过期，请在个人页面重新创建',
  },
  tokenScopeMissing: {
    en: 'This access token does not have the scope this call needs (read: viewing, submit: submissions, team: team changes)',
    'zh-CN': '该访问令牌没有此操作所需的权限范围（read：查看，submit：提交结果，team：团队操作）',
  },
  tokenNotForStaff: {
    en: 'Access tokens cannot be used for staff or administration calls; sign in to the console instead',
    'zh-CN': '访问令牌不能用于工作人员或管理操作，请登录管理后台操作',
  },
  tokenNotHere: {
    en: 'Access tokens cannot be used for this call; please do it on the website',
    'zh-CN': '访问令牌不能用于此操作，请在网站上操作',
  },
  tokenExpiryTooLong: {
    en: 'An access token can be valid for at most 365 days',
    'zh-CN': '访问令牌的有效期最长为 365 天',
  },
  tokenNotFound: { en: 'This access token does not exist', 'zh-CN': '该访问令牌不存在' },
  // 10090 (decision 0030)
  tokenSignOutDoesNothing: {
    en: 'Signing out does nothing for an access token: it keeps working. To stop it, revoke it under Personal information → Access tokens on the website',
    'zh-CN':
      '使用访问令牌退出登录不会产生任何效果，该令牌仍然有效。如需停用，请在网站的“个人信息 → 访问令牌”中撤销',
  },
  tokenNameRequired: {
    en: 'Please give the token a name (up to 60 characters)',
    'zh-CN': '请为令牌填写名称（最多 60 个字符）',
  },
  tokenScopesRequired: { en: 'Please choose at least one scope', 'zh-CN': '请至少选择一个权限范围' },
} as const satisfies Record<string, Text>;
