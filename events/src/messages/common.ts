import type { Text } from './text.ts';

/** Spec §5 validation, §8 notices and platform-wide errors. */
export const commonMessages = {
  // spec §5 validation
  usernameFormat: {
    en: 'Username is 6~20 characters of lowercase letters or numbers',
    'zh-CN': '用户名为6~20位小写字母或数字',
  },
  passwordFormat: {
    en: 'Password is 8~20 characters of letters and numbers',
    'zh-CN': '密码为8~20位字母和数字',
  },
  passwordsNotSame: { en: 'Passwords are not same', 'zh-CN': '两次输入的密码不一致' },
  phoneFormat: { en: 'Phone number format is incorrect', 'zh-CN': '手机号格式不正确' },
  emailFormat: { en: 'Email format is incorrect', 'zh-CN': '邮箱格式不正确' },
  codeFormat: { en: 'Verification code format is incorrect', 'zh-CN': '验证码格式不正确' },
  nameFormat: { en: 'Name format is incorrect', 'zh-CN': '姓名格式不正确' },
  idCardFormat: { en: 'ID card number format is incorrect', 'zh-CN': '身份证号格式不正确' },
  passportFormat: { en: 'Passport number format is incorrect', 'zh-CN': '护照号格式不正确' },
  organizationRequired: {
    en: 'Please enter valid University/Organization',
    'zh-CN': '请输入有效的学校/单位',
  },
  countryRegionRequired: {
    en: 'Please enter your current country/region',
    'zh-CN': '请输入您当前所在的国家/地区',
  },
  teamNameRequired: { en: 'Please enter a team name', 'zh-CN': '请输入队伍名称' },
  newTeamNameRequired: { en: 'Please enter a new team name', 'zh-CN': '请输入新的队伍名称' },
  certificatePhotoInvalid: {
    en: 'Please upload a certificate photo that meets the specifications',
    'zh-CN': '请上传符合要求的证件照片',
  },
  certificatePhotoTooLarge: {
    en: 'The photo is larger than 3 MB; please upload a jpg, png or bmp photo of at most 3 MB',
    'zh-CN': '照片超过 3 MB，请上传不超过 3 MB 的 jpg、png 或 bmp 照片',
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
  signUpSuccess: {
    en: 'Signed up: you can now take part in the competition',
    'zh-CN': '报名成功，现在可以参加比赛了',
  },
  verificationPass: { en: 'Verification Pass', 'zh-CN': '认证通过' },
  verificationFailed: { en: 'Verification Failed', 'zh-CN': '认证未通过' },
  uploadSuccess: { en: 'Upload success', 'zh-CN': '上传成功' },
  uploadFailed: { en: 'Upload failed', 'zh-CN': '上传失败' },
  downloadLinkFailed: { en: 'Download link failed', 'zh-CN': '下载链接获取失败' },
  accountClosedSuccess: { en: 'Account closed', 'zh-CN': '账号已注销' },
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
  nulCharacter: {
    en: 'Text cannot contain the NUL character (U+0000)',
    'zh-CN': '文本不能包含空字符（U+0000）',
  },
  multipartInvalid: {
    en: 'The upload arrived incomplete or is not a valid form; please send it again',
    'zh-CN': '上传内容不完整或格式不正确，请重新提交',
  },
  crossSiteRefused: {
    en: 'This request came from another website and was refused; please use the platform’s own pages',
    'zh-CN': '该请求来自其他网站，已被拒绝；请在本平台页面中操作',
  },
  notAvailableYet: {
    en: 'This feature is not available yet',
    'zh-CN': '该功能暂未开放',
  },
  storageFull: {
    en: 'The server is running out of storage space, so uploads are paused; please try again later',
    'zh-CN': '服务器存储空间不足，暂停接收上传，请稍后再试',
  },
  storageUnavailable: {
    en: 'The platform’s storage is briefly unavailable and nothing was saved; please try again in {{retryAfterSeconds}} s',
    'zh-CN': '平台存储暂时不可用，本次操作未保存；请在 {{retryAfterSeconds}} 秒后重试',
  },
  // the server's own limits, answered before a route (or the request's headers) could be read
  requestHeadersTooLarge: {
    en: 'The request headers are too large (at most 16 KB in all); send a shorter Authorization or Cookie header',
    'zh-CN': '请求头过大（合计不超过 16 KB），请缩短 Authorization 或 Cookie 请求头后重试',
  },
  requestTimeout: {
    en: 'The request took too long to arrive and was closed; please send it again',
    'zh-CN': '请求发送超时，连接已关闭，请重新发送',
  },
  requestMalformed: {
    en: 'The request is not valid HTTP and could not be read',
    'zh-CN': '请求不是有效的 HTTP 请求，无法读取',
  },
  urlMalformed: {
    en: 'The address of the request is not valid (a bad % escape or a part that is too long)',
    'zh-CN': '请求地址无效（百分号编码错误或某一段过长）',
  },
  jsonMalformed: {
    en: 'The request body is not valid JSON',
    'zh-CN': '请求体不是有效的 JSON',
  },
  internalError: {
    en: 'Something went wrong on our side, please try again later',
    'zh-CN': '服务器开小差了，请稍后再试',
  },
} as const satisfies Record<string, Text>;
