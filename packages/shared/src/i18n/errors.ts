/**
 * Messages the server can send and the client shows, keyed by code. Zod schemas use these codes as
 * issue messages; the server answers in the requester's language (Accept-Language), and the web
 * client loads the same table into i18next under the `errors` namespace.
 */
export const errorMessages = {
  en: {
    email_invalid: 'Please enter a valid email address',
    password_length: 'Password must be at least 6 characters long',
    password_too_long: 'Password must be at most 128 characters long',
    username_space: 'Username cannot start or end with a space',
    username_length: 'Username must be less than 16 characters long',
    username_required: 'Username is required',
    username_format: 'Username can only contain letters, numbers, spaces, underscores, hyphens and emoji',
    username_taken: 'This username is already taken',
    email_taken: 'An account with this email already exists',
    birthdate_invalid: 'Please enter a valid birthdate',
    birthdate_too_young: 'You must be at least 13 years old to use Rally',
    consent_required: 'You must give your explicit consent to continue',
    captcha_required: 'Please complete the captcha',
    captcha_invalid: 'The captcha could not be verified, please try again',
    friend_code_invalid: 'This friend invite code is not valid',
    invalid_credentials: 'Invalid email or password',
    too_many_requests: 'Too many requests, please try again in {{seconds}} seconds',
    unauthorized: 'You need to log in first',
    forbidden: 'You do not have permission to do that',
    csrf: 'This request was blocked because it did not come from Rally',
    not_found: 'Not found',
    region_unavailable: 'Rally is not available in your region due to regulatory requirements',
    invalid_request: 'Invalid request',
    internal: 'Something went wrong, please try again',
    team_name_error: 'Team name must be between 1 and 20 characters',
    team_name_error_min: 'Team name must be at least 1 character long',
    team_name_error_max: 'Team name must be at most 20 characters long',
    team_not_found: 'Team not found',
    channel_not_found: 'Channel not found',
    no_permission_to_view_channel: "You don't have permission to view this channel.",
    no_permission_to_send_messages: "You don't have permission to send messages in this channel",
    no_permission_to_view_history: "You don't have permission to view the message history",
    no_permission_to_create_invites: 'You do not have permission to create invites in this team',
    message_empty: 'A message needs text',
    message_too_long: 'Messages can be at most {{max}} characters long',
    invite_invalid: 'This invite link is no longer valid',
    invite_already_member: 'You are already a member of this team',
    invite_max_uses: 'Max uses must be unlimited, 50, 100, 200, 500 or 1000',
    invite_expiry: 'The expiry must be in the future and at most 30 days away',
    team_picture_unavailable: 'Team pictures cannot be uploaded yet; create the team without a picture',
    team_limit_reached: 'You can be in at most {{max}} teams; leave one first',
    invite_applications_unavailable: 'This invite needs an application, and applications are not available yet',
    invite_joined: 'You joined {{team}}',
    message_reply_invalid: 'The message you are replying to is not in this channel',
    channel_messages_unsupported: 'This channel does not accept messages',
    /** The spec's marker: a call answered with message '2FA' opens the code dialog (2FA itself is a later issue). */
    two_factor_required: '2FA',
  },
  tr: {
    email_invalid: 'Lütfen geçerli bir e-posta adresi girin',
    password_length: 'Şifre en az 6 karakter olmalıdır',
    password_too_long: 'Şifre en fazla 128 karakter olabilir',
    username_space: 'Kullanıcı adı boşlukla başlayamaz veya bitemez',
    username_length: 'Kullanıcı adı 16 karakterden kısa olmalıdır',
    username_required: 'Kullanıcı adı gerekli',
    username_format: 'Kullanıcı adı yalnızca harf, rakam, boşluk, alt çizgi, tire ve emoji içerebilir',
    username_taken: 'Bu kullanıcı adı zaten alınmış',
    email_taken: 'Bu e-posta adresiyle bir hesap zaten var',
    birthdate_invalid: 'Lütfen geçerli bir doğum tarihi girin',
    birthdate_too_young: "Rally'yi kullanmak için en az 13 yaşında olmalısınız",
    consent_required: 'Devam etmek için açık rızanızı vermelisiniz',
    captcha_required: 'Lütfen doğrulamayı tamamlayın',
    captcha_invalid: 'Doğrulama yapılamadı, lütfen tekrar deneyin',
    friend_code_invalid: 'Bu arkadaş davet kodu geçerli değil',
    invalid_credentials: 'E-posta veya şifre hatalı',
    too_many_requests: 'Çok fazla istek gönderildi, lütfen {{seconds}} saniye sonra tekrar deneyin',
    unauthorized: 'Önce giriş yapmalısınız',
    forbidden: 'Bunu yapmaya yetkiniz yok',
    csrf: "Bu istek Rally'den gelmediği için engellendi",
    not_found: 'Bulunamadı',
    region_unavailable: 'Rally, yasal gereklilikler nedeniyle bölgenizde kullanılamıyor',
    invalid_request: 'Geçersiz istek',
    internal: 'Bir şeyler ters gitti, lütfen tekrar deneyin',
    team_name_error: 'Takım adı 1 ile 20 karakter arasında olmalıdır',
    team_name_error_min: 'Takım adı en az 1 karakter olmalıdır',
    team_name_error_max: 'Takım adı en fazla 20 karakter olabilir',
    team_not_found: 'Takım bulunamadı',
    channel_not_found: 'Kanal bulunamadı',
    no_permission_to_view_channel: 'Bu kanalı görüntüleme izniniz yok.',
    no_permission_to_send_messages: 'Bu kanala mesaj gönderme izniniz yok',
    no_permission_to_view_history: 'Mesaj geçmişini görüntüleme izniniz yok',
    no_permission_to_create_invites: 'Bu takımda davet oluşturma izniniz yok',
    message_empty: 'Mesaj boş olamaz',
    message_too_long: 'Mesajlar en fazla {{max}} karakter olabilir',
    invite_invalid: 'Bu davet bağlantısı artık geçerli değil',
    invite_already_member: 'Zaten bu takımın üyesisiniz',
    invite_max_uses: 'Maksimum kullanım sınırsız, 50, 100, 200, 500 veya 1000 olmalıdır',
    invite_expiry: 'Son kullanma tarihi gelecekte ve en fazla 30 gün sonra olmalıdır',
    team_picture_unavailable: 'Takım resmi henüz yüklenemiyor; takımı resimsiz oluşturun',
    team_limit_reached: 'En fazla {{max}} takımda bulunabilirsiniz; önce birinden ayrılın',
    invite_applications_unavailable: 'Bu davet başvuru gerektiriyor ve başvurular henüz kullanılamıyor',
    invite_joined: '{{team}} takımına katıldınız',
    message_reply_invalid: 'Yanıtladığınız mesaj bu kanalda değil',
    channel_messages_unsupported: 'Bu kanal mesaj kabul etmiyor',
    two_factor_required: '2FA',
  },
} as const;

export type ErrorCode = keyof (typeof errorMessages)['en'];
export type Locale = keyof typeof errorMessages;
export const LOCALES = ['en', 'tr'] as const satisfies readonly Locale[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(errorMessages.en, value);
}

export function translateError(code: ErrorCode, locale: Locale, vars: Record<string, string | number> = {}): string {
  const template: string = errorMessages[locale][code] ?? errorMessages.en[code];
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
