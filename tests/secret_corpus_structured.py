"""A labelled corpus of secrets in structured text and of look-alikes (#42), split once into a
tuning part and a held-out part.

Each secret case is ``(text, secrets)``: every string in ``secrets`` must be gone from the
redacted text, and no 6-character piece of it may survive (so a value cut at a ``#`` or a space
counts as a leak). Each look-alike must come back unchanged.

The split is by a hash of the text (``held_out``), fixed before any tuning of the redactor: the
held-out part is measured and reported, never looked at while changing the detectors.
"""

from __future__ import annotations

import base64
import hashlib
import random


def _b64_lines(prefix: bytes, n_bytes: int, seed: int, width: int = 64) -> str:
    """A base64 body (DER or OpenSSH bytes after ``prefix``) cut in lines of ``width``."""
    rnd = random.Random(seed)
    raw = prefix + bytes(rnd.randrange(256) for _ in range(n_bytes))
    b = base64.b64encode(raw).decode()
    return "\n".join(b[i : i + width] for i in range(0, len(b), width))


# DER prefixes: PKCS#1 RSA (30 82 04 a4 02 01 00 02 82 01 01 00), PKCS#8 (30 82 04 be 02 01 00 30 0d ...),
# SEC1 EC (30 77 02 01 01 04 20), OpenSSH ("openssh-key-v1\0")
_PKCS1 = bytes.fromhex("308204a40201000282010100")
_PKCS8 = bytes.fromhex("308204be020100300d06092a864886f70d0101010500048204a8")
_SEC1 = bytes.fromhex("307702010104 20".replace(" ", ""))
_OPENSSH = b"openssh-key-v1\x00"
_PEM1 = _b64_lines(_PKCS1, 150, 1)
_PEM2 = _b64_lines(_PKCS8, 150, 2)
_PEM3 = _b64_lines(_SEC1, 90, 3)
_PEM4 = _b64_lines(_OPENSSH, 160, 4, width=70)
_PEM5 = _b64_lines(_PKCS1, 120, 5)
# look-alike bodies: a public key (SubjectPublicKeyInfo) and a certificate are not secret
_PUB = _b64_lines(bytes.fromhex("30820122300d06092a864886f70d01010105000382010f00"), 120, 6)
_CERT = _b64_lines(bytes.fromhex("30820377308202 5fa003020102".replace(" ", "")), 120, 7)
_PNG = base64.b64encode(
    b"\x89PNG\r\n\x1a\n" + bytes(random.Random(8).randrange(256) for _ in range(90))
).decode()


SECRETS: list[tuple[str, tuple[str, ...]]] = [
    # --- JSON keys other than "password"
    ('{"passphrase": "mellow yellow kite 42"}', ("mellow yellow kite 42",)),
    ('{"card_pin": "4821"}', ("4821",)),
    ('payload {"number": "4111 1111 1111 1111", "cvv": "737"}', ("737", "1111 1111 1111")),
    ('{"user": "bob", "pass": "Xy7!qq99"}', ("Xy7!qq99",)),
    ('{"pin": 9024, "name": "ann"}', ("9024",)),
    ('{"db": {"password": "tr1cky\\"quote-end"}}', ('tr1cky\\"quote-end',)),
    ('{"secret": "a;b c;d-9z"}', ("a;b c;d-9z",)),
    ('{"clientSecret":"Hx92-kkq-PPz"}', ("Hx92-kkq-PPz",)),
    ('{"private_key_passphrase": "sand dune 77"}', ("sand dune 77",)),
    ('{"security_code": "0412"}', ("0412",)),
    ("config = {'pass': 'garden-hose-3'}", ("garden-hose-3",)),
    (
        '{"credentials": {"username": "ops", "password": "Pa ss w0rd with spaces"}}',
        ("Pa ss w0rd with spaces",),
    ),
    ('{"pwd":"mango#tree"}', ("mango#tree",)),
    ('{"apiKey": "4f9a8e7d6c5b"}', ("4f9a8e7d6c5b",)),
    ('{"auth": {"token": "tok_8HgT2kLm"}}', ("tok_8HgT2kLm",)),
    ('{"PIN":"2580"}', ("2580",)),
    ('{"cvc": 123, "exp": "12/27"}', ("123",)),
    ('{"pass_phrase": "ripple under the moon"}', ("ripple under the moon",)),
    ('{"smtp_pass": "Q1w2e3r4!"}', ("Q1w2e3r4!",)),
    ('{"master_password":"kettle&drum&9"}', ("kettle&drum&9",)),
    ('{"wifi": {"ssid": "home", "psk": "LongWifiKey-2024"}}', ("LongWifiKey-2024",)),
    ('{"access_token": "at-9d8f7g6h5j4k", "expires_in": 3600}', ("at-9d8f7g6h5j4k",)),
    ('[{"login": "eve", "passwd": "it\'s a \\"secret\\" 7"}]', ('it\'s a \\"secret\\" 7',)),
    ('{"cvv2": "9911"}', ("9911",)),
    ('{ "Password" : "Spaced Out Key 5" }', ("Spaced Out Key 5",)),
    # --- YAML: nested, inline, block scalars, quotes
    ("db:\n  host: localhost\n  pass: Zq8#mmL2\n  port: 5432", ("Zq8#mmL2",)),
    ("pass: hunter22", ("hunter22",)),
    ("credentials: {user: admin, pass: Br1ck-wall}", ("Br1ck-wall",)),
    (
        "password: |\n  line-one-Secret9\n  second-line-Secret8\nnext: 1",
        ("line-one-Secret9", "second-line-Secret8"),
    ),
    (
        "ssh:\n  passphrase: >-\n    folded Secret words 77\n    and more 88\n  user: x",
        ("folded Secret words 77", "and more 88"),
    ),
    ("  password: 'it''s-a-s3cret'", ("it''s-a-s3cret",)),
    ('password: "orange \\"lamp\\" 9"', ('orange \\"lamp\\" 9',)),
    ("smtp:\n  password: orange lamp 9 river\n  port: 587", ("orange lamp 9 river",)),
    ("passphrase: the quick brown Fox 12", ("the quick brown Fox 12",)),
    ("db_pass: Wd9;x;y", ("Wd9;x;y",)),
    ("- name: deploy\n  env:\n    API_TOKEN: 9f8e7d6c5b4a3f2e", ("9f8e7d6c5b4a3f2e",)),
    ("secret_key: 'p@ss w0rd;;'", ("p@ss w0rd;;",)),
    ("device:\n  pin: 7391", ("7391",)),
    ("card:\n  cvv: 482", ("482",)),
    ("password: ^carrot^Stick", ("^carrot^Stick",)),
    ("users:\n  - name: ann\n    password: Ann's pass 99\n  - name: bo", ("Ann's pass 99",)),
    ("auth: {username: root, password: 'x, y and z 5'}", ("x, y and z 5",)),
    ("PASSWORD: Correct Horse Battery Staple", ("Correct Horse Battery Staple",)),
    ("redis:\n  password: |-\n    multi\n    Line-Pw-3\n", ("Line-Pw-3",)),
    ("api_key: sk_abc;def ghi 7", ("sk_abc;def ghi 7",)),
    # --- INI
    ("[database]\nuser = app\npass = Zz81-qqk\n", ("Zz81-qqk",)),
    ("[mysql]\npassword = my secret with spaces 3", ("my secret with spaces 3",)),
    ("pass=blue;green;red7", ("blue;green;red7",)),
    ("[smtp]\nsmtp_pass = Kite#Runner 5", ("Kite#Runner 5",)),
    ("Password=Winter2025!", ("Winter2025!",)),
    ('[client]\npassword="q uoted;val"', ("q uoted;val",)),
    ("[ldap]\nbind_password : Ld@p Bind 4", ("Ld@p Bind 4",)),
    ("[wifi]\npsk=Hidden Garden 8", ("Hidden Garden 8",)),
    # --- .env and shells
    ("MYSQL_PASS=r00tP4ss", ("r00tP4ss",)),
    ('MYSQL_ROOT_PASSWORD="S0me Long Pass"', ("S0me Long Pass",)),
    ('SMTP_PASSWORD="orange lamp 9 river"', ("orange lamp 9 river",)),
    ('export SECRET_KEY="django-insecure-7h#k2m$9qz"', ("django-insecure-7h#k2m$9qz",)),
    ("REDIS_PASS=abc;def", ("abc;def",)),
    ("DB_PASSWD='x y z 123'", ("x y z 123",)),
    ("APP_PIN=4455", ("4455",)),
    ("STRIPE_SECRET=whatever-value-9", ("whatever-value-9",)),
    ("export PGPASSWORD=pgpw-2024", ("pgpw-2024",)),
    ('AUTH_TOKEN="tk\\"esc\\"aped9"', ('tk\\"esc\\"aped9',)),
    ("set PASSWORD=Sp@ce Bar 1", ("Sp@ce Bar 1",)),
    ("$env:DB_PASSWORD = 'pwsh-S3cret'", ("pwsh-S3cret",)),
    ("SECRET_KEY = 'django-insecure-a1!b2@c3#d4$'", ("django-insecure-a1!b2@c3#d4$",)),
    ("MAIL_PASS=fox trot 22", ("fox trot 22",)),
    ("export ADMIN_PASS='p a s s'", ("p a s s",)),
    ("JWT_SECRET=shh;it's:a=secret", ("shh;it's:a=secret",)),
    ('POSTGRES_PASS="pg \\"quoted\\" 1"', ('pg \\"quoted\\" 1',)),
    ("export TF_VAR_db_password=tfvar-pw-3", ("tfvar-pw-3",)),
    ("ENCRYPTION_KEY=0a1b2c3d4e5f6a7b", ("0a1b2c3d4e5f6a7b",)),
    ("WIFI_PSK=Purple Rain 1984", ("Purple Rain 1984",)),
    # --- XML
    ("<password>Xm1-Pass!</password>", ("Xm1-Pass!",)),
    ("<user><name>bob</name><pass>t0p&amp;secret</pass></user>", ("t0p&amp;secret",)),
    ('<add key="DbPassword" value="Web.Config#9" />', ("Web.Config#9",)),
    ('<property name="password" value="jboss-pw-1"/>', ("jboss-pw-1",)),
    ("<secret>shh-its-7</secret>", ("shh-its-7",)),
    (
        '<add name="db" connectionString="Server=db;User Id=sa;Password=Sql$erver9;" />',
        ("Sql$erver9",),
    ),
    ("<pin>6612</pin>", ("6612",)),
    ('<credential password="attr-val-88" user="x"/>', ("attr-val-88",)),
    ("<config>\n  <apiToken>tok 9 with space</apiToken>\n</config>", ("tok 9 with space",)),
    ("<Passphrase>\n  cloud nine seven\n</Passphrase>", ("cloud nine seven",)),
    # --- TOML
    ('password = "toml-Secret 5"', ("toml-Secret 5",)),
    ("[database]\npass = 'lit-string-9'", ("lit-string-9",)),
    ('api_token = """multi\nline-token-77"""', ("line-token-77",)),
    ("secret = 'z9;Z9'", ("z9;Z9",)),
    ('[servers.alpha]\nadmin_password = "esc\\"aped toml 2"', ('esc\\"aped toml 2',)),
    # --- CLI flags
    ("mysql -u root -pS3cretPw mydb", ("S3cretPw",)),
    ("mysql -uroot -p'quoted pw 1' db", ("quoted pw 1",)),
    ("sshpass -p 'Sunny Day 8' ssh user@host", ("Sunny Day 8",)),
    ("sshpass -p hunter99 ssh me@box", ("hunter99",)),
    ("docker login -u bob -p Dk-login-55 registry.io", ("Dk-login-55",)),
    ("docker login --username bob --password Dock3rPw! registry.io", ("Dock3rPw!",)),
    ("psql --password=pg-inline-9 -U app", ("pg-inline-9",)),
    ("curl --token abcd1234efgh https://x.example", ("abcd1234efgh",)),
    ("./deploy.sh --api-key=K3yValue77 --env prod", ("K3yValue77",)),
    ("mysqldump -h db -u admin --password='dump pw 5' shop", ("dump pw 5",)),
    ("openssl enc -aes256 -pass pass:Op3nSSLpw -in f", ("Op3nSSLpw",)),
    ("redis-cli -h cache -a R3disAuth! ping", ("R3disAuth!",)),
    ("mongosh --username admin --password M0ngoPw1 admin", ("M0ngoPw1",)),
    ("az login -u me@x.com -p AzPw-123", ("AzPw-123",)),
    ("run it with --secret=sup3r-duper", ("sup3r-duper",)),
    ("ldapsearch -x -D cn=admin -w Ld4pBind -b dc=x", ("Ld4pBind",)),
    ("sqlcmd -S db -U sa -P Sq1Pass!", ("Sq1Pass!",)),
    ('vault login --token="s.AbCdEf123456"', ("s.AbCdEf123456",)),
    ("curl -u admin:CurlPw-77 https://api.example.com", ("CurlPw-77",)),
    ("smbclient //srv/share -U bob%Smb-Pw1", ("Smb-Pw1",)),
    ("mariadb -h db -u app -pMaria99 shop", ("Maria99",)),
    ("podman login -u bob -p Podm4n-pw quay.io", ("Podm4n-pw",)),
    ("heroku config:set DB_PASSWORD=Heroku-pw-4 -a shop", ("Heroku-pw-4",)),
    # --- credentials in URL forms
    ("redis://:pw-only-9@cache:6379/0", ("pw-only-9",)),
    ("use redis://:S3cr3t@10.0.0.2 for the queue", ("S3cr3t",)),
    ("postgres://bob:p@ss@word@db.local/app", ("p@ss@word",)),
    ("mongodb://admin:a/b/c-pw@mongo:27017", ("a/b/c-pw",)),
    ("ftp://user:ftp%40pw9@ftp.example.com", ("ftp%40pw9",)),
    ("https://user:pa:ss-99@host.com/x", ("pa:ss-99",)),
    ("amqps://svc:Rabbit#1@mq.internal/vhost", ("Rabbit#1",)),
    ("smtp://mailer:m@il-Pass@smtp.host:587", ("m@il-Pass",)),
    ("mysql+pymysql://app:Sql;pw9@db/shop", ("Sql;pw9",)),
    ("http_proxy=http://:token123abc@proxy:3128", ("token123abc",)),
    ("git clone https://oauth2:glpat-abcdefghij1234567890@gitlab.com/x.git", ("glpat-abcdefghij1234567890",)),
    ("DATABASE_URL=postgresql://u:pw%2Fslash@h:5432/d", ("pw%2Fslash",)),
    # --- pgpass and netrc
    ("db.example.com:5432:shop:app:Pg-Pass-1", ("Pg-Pass-1",)),
    ("localhost:*:*:postgres:s3cret\\:colon", ("s3cret\\:colon",)),
    ("*:*:*:replicator:Repl1cate!", ("Repl1cate!",)),
    ("~/.pgpass:\n10.0.0.5:5432:*:report:R3port pw", ("R3port pw",)),
    ("machine api.heroku.com login me@x.com password 0123-abcd-heroku", ("0123-abcd-heroku",)),
    ("machine github.com\n  login bob\n  password ghNetrcPw9", ("ghNetrcPw9",)),
    ("default login anonymous password guest-pw-7", ("guest-pw-7",)),
    # --- Chinese (traditional and simplified) and Spanish
    ("我的密碼是 Taipei101abc", ("Taipei101abc",)),
    ("網路密碼是：wifi-tw-88", ("wifi-tw-88",)),
    ("我的密码是 beijing2024", ("beijing2024",)),
    ("支付密码是886622", ("886622",)),
    ("密碼為 hk-pw-55，別告訴別人", ("hk-pw-55",)),
    ("銀行卡密碼是 668899", ("668899",)),
    ("la clave del wifi es Sol-y-Mar-7", ("Sol-y-Mar-7",)),
    ("la clave es Perro2024", ("Perro2024",)),
    ("mi clave de acceso es Luna#88", ("Luna#88",)),
    ("el PIN de la tarjeta es 4417", ("4417",)),
    ("La clave de mi correo es: Gato_Negro9", ("Gato_Negro9",)),
    ("la clave del banco es 'tres tristes 3'", ("tres tristes 3",)),
    # --- card numbers in other separators
    ("card 4111  1111  1111  1111 please", ("4111  1111  1111  1111",)),
    ("card 4111\u00a01111\u00a01111\u00a01111 on file", ("4111\u00a01111\u00a01111\u00a01111",)),
    ("my card:\n4111 1111\n1111 1111\nthanks", ("4111 1111\n1111 1111",)),
    ("5500\u202f0055\u202f5555\u20025559 is the mastercard", ("5500\u202f0055\u202f5555\u20025559",)),
    ("6011\t1111\t1111\t1117", ("6011\t1111\t1111\t1117",)),
    ("visa 4012 \u2013 8888 \u2013 8888 \u2013 1881", ("4012 \u2013 8888 \u2013 8888 \u2013 1881",)),
    ("amex 3782  822463  10005", ("3782  822463  10005",)),
    ("card number 5555 5555\r\n5555 4444", ("5555 5555\r\n5555 4444",)),
    ("4242 - 4242 - 4242 - 4242 exp 01/29", ("4242 - 4242 - 4242 - 4242",)),
    # --- a PEM body without its header
    ("here is the key:\n" + _PEM1, (_PEM1.split("\n")[1], _PEM1.split("\n")[-2])),
    (_PEM2 + "\n-----END PRIVATE KEY-----", (_PEM2.split("\n")[0], _PEM2.split("\n")[-1])),
    ("ec key body\n" + _PEM3 + "\nkeep safe", (_PEM3.split("\n")[0],)),
    ("id_ed25519 is\n" + _PEM4, (_PEM4.split("\n")[1], _PEM4.split("\n")[-1])),
    ("pasted: " + _PEM5.replace("\n", " "), (_PEM5.split("\n")[2],)),
    # --- overlapping matches
    ('export API_KEY="sk-live-ABCDEFGHIJ1234567890#tail9"', ("sk-live-ABCDEFGHIJ1234567890#tail9",)),
    ("password: sk-proj-abcdefghijklmnop1234 and#tail", ("sk-proj-abcdefghijklmnop1234 and#tail",)),
    ('SECRET_KEY="AKIAIOSFODNN7EXAMPLE;and-more"', ("AKIAIOSFODNN7EXAMPLE;and-more",)),
    (
        '"api_key": "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 extra words"',
        ("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 extra words",),
    ),
    ("DB_URL_PASSWORD=postgres://a:b@c;tail-secret9", ("tail-secret9",)),
]

LOOK_ALIKES: list[str] = [
    # "pass", "password", "secret" and "token" in ordinary speech
    "Could you pass the salt, please?",
    "The password policy requires 12 chars.",
    "my PIN code is required at the door",
    "The mountain pass was closed by snow.",
    "boarding pass: seat 14C, gate 22",
    "bus pass: monthly, 49 euros",
    "Tests — pass: 118, fail: 2",
    "Did you pass the exam?",
    "I need to reset my password tomorrow.",
    "The password field is required.",
    "password: required",
    "Password: see the vault entry named prod-db",
    "password: none",
    "pass: true",
    "The secret is to add salt early.",
    "The secret of the recipe is patience.",
    "We spent 4,096 tokens on that prompt.",
    "He passed 3 exams in 2023.",
    "A token of appreciation: flowers.",
    "That was a secret santa gift.",
    "Compass heading: 270 degrees.",
    "The bypass road opens in 2026.",
    "Passengers: 3 adults, 2 children.",
    # config keys that name a secret's settings, not a secret
    "password_policy: min_length 12",
    "password_min_length: 12",
    "password_reset_url: https://example.com/reset",
    "passwordless: true",
    "pass_rate: 0.93",
    "password_expiry_days = 90",
    "max_tokens=2048",
    "token_limit: 8000",
    "num_tokens = 512",
    "SECRET_KEY_FILE=/run/secrets/django_key",
    "DB_PASSWORD_FILE=/run/secrets/db",
    "secrets_dir: /etc/secrets",
    "password: ${DB_PASSWORD}",
    "PASSWORD=$SECRET_FROM_VAULT",
    "password: '{{ vault_db_password }}'",
    'password: "<your password here>"',
    "password: ********",
    '{"password": null}',
    '{"password": ""}',
    '{"password_required": true, "min_length": 8}',
    '{"token_type": "bearer", "expires_in": 3600}',
    '{"pin_mode": "OUTPUT", "led_pin": 13}',
    "LED_PIN = 13",
    "pin_count = 2048",
    "API_KEY_NAME=stripe-prod",
    "password_hash_algo: argon2id",
    "allow_pass: false",
    "passthrough = true",
    "compass = north",
    "passage: the north corridor",
    "[security]\npassword_length = 16\npassword_rotation = 90",
    '<passwordPolicy minLength="12"/>',
    "<password/>",
    "<passwordHint>your first pet</passwordHint>",
    "<passthrough>true</passthrough>",
    "token_endpoint: https://auth.example.com/oauth/token",
    "auth_url = https://login.example.com/authorize",
    "secret_rotation_days = 30",
    "password_prompt = Enter your password",
    # CLI flags that are not passwords
    "docker run -p 8080:80 -e MODE=prod nginx",
    "ssh -p 2222 ops@bastion.example.com",
    "mkdir -p ~/.config/app",
    "mysql -u root -p shop < dump.sql",
    "git add -p",
    "psql --password -U app -d shop",
    "echo $TOKEN | docker login --password-stdin -u bob ghcr.io",
    "cp -p a.txt b.txt",
    "ls --color=auto --group-directories-first",
    "pytest -p no:cacheprovider",
    "docker login -u bob registry.io",
    "curl -u admin https://api.example.com",
    "python -m http.server -b 127.0.0.1 8000",
    "redis-cli -h cache -p 6379 ping",
    "openssl genrsa -out key.pem 4096",
    "sshpass is a tool for non-interactive ssh logins.",
    "gh auth login --with-token < token.txt",
    # URLs without a password
    "See https://app.example.com/orders/3fa85f64-5717-4562-b3fc-2c963f66afa6/view",
    "postgres://app@db:5432/shop",
    "ssh://git@host.example.com:22/repo.git",
    "redis://cache:6379/0",
    "git@github.com:org/repo.git",
    "https://www.google.com/maps/@48.8566,2.3522,15z",
    "https://example.com:8443/a@b",
    "mailto:bob@example.com?subject=hi",
    "https://medium.com/@author/post-123",
    "http://localhost:8000/users/@me",
    "https://web.archive.org/web/2020/https://example.com:80/",
    "The URL is https://user@example.com/path (no password).",
    # pgpass- and netrc-like text that is not
    "MAC 00:1A:2B:3C:4D:5E on eth0",
    "fe80::1:2:3:4 is link-local",
    "Laps: 10:30:45:12:99",
    "The machine learning course has a login page and a password reset link.",
    "machine room login at 9, password reset desk at 10",
    "Time 12:30:45.123 UTC",
    # numbers: versions, UUIDs, orders, phones, ISBNs, dates
    "Release v2.14.3-rc1 is out.",
    "Python 3.11.4 and numpy 1.26.2",
    "Order #A-2024-000117 shipped.",
    "Order 4111 2222 3333 4444 was delayed.",
    "Call +44 20 7946 0958 after 6.",
    "Call (020) 7946 0958 after 6.",
    "+86 138 0013 8000 is the office",
    "ISBN 978-0-306-40615-7",
    "ISBN 978 0 306 40615 7",
    "ISBN-10 0-306-40615-2",
    "2024-12-03T10:15:00Z",
    "The meeting is on 03.12.2024 at 10:15.",
    "UUID 550e8400-e29b-41d4-a716-446655440000",
    "Budget: 1\u00a0234\u00a0567\u00a0891\u00a0234 \u20ac",
    "Population: 8\u00a0336\u00a0817",
    "Row 1234  5678  9012  3456 is empty.",
    "Scores:\n10 20 30 40\n50 60 70 81",
    "Table:\n4111 1111\n1111 1112",
    "Invoice 4111\t1111\t1111\t1112",
    "Phone 0800\u00a0123\u00a0456\u00a0789",
    "Seats 12  14  16  18",
    "SKU 4006381333931",
    "IMEI 35-209900-176148-1 is the phone's id",
    "Tracking 9400 1000 0000 0000 0000 00",
    "Account ref 2024-0001-0002-0003",
    "The year range 1990 \u2013 2024 \u2013 2030",
    "Lottery: 04 11 23 35 42 49",
    # base64 that is not a private key
    "public key:\n" + _PUB,
    "cert body:\n" + _CERT,
    "data:image/png;base64," + _PNG,
    "commit 3f786850e387550fdab836ed7e6dc881de23001b and 9a0364b9e99bb480dd25e1f0284c8555",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    # Chinese and Spanish
    "我忘記密碼了",
    "請輸入您的密碼",
    "密碼是什麼？",
    "密码是必填的",
    "密码长度至少8位",
    "支付密码错误，请重试",
    "la clave del éxito es trabajar duro",
    "La clave es la constancia.",
    "la clave es que llegues temprano",
    "el PIN de la tarjeta es obligatorio",
    "Olvidé la clave del wifi.",
    "la clave de sol es un símbolo musical",
    # XML and TOML that are not secrets
    "<pass>true</pass>",
    "<token-type>bearer</token-type>",
    '<add key="PasswordMinLength" value="12" />',
    '<property name="password.policy" value="strict"/>',
    'password_rule = "at least 12 characters"',
    "[auth]\ntoken_ttl = 3600",
    # JSON that is not a secret
    '{"passes": 3, "fails": 0}',
    '{"keyboard": "qwerty", "layout": "us"}',
    '{"secretary": "Ann Lee"}',
    '{"compass": "north"}',
    '{"pinned": true, "pinCount": 4}',
    # overlapping-looking text that is not a secret
    "export DEBUG=true",
    "export PATH=/usr/local/bin:$PATH",
    "export SECRET_NAME=prod/db/password",
    "set TOKEN_COUNT=42",
    "The api key is in the vault.",
    "api_key: see README",
]


def held_out(text: str) -> bool:
    """About a third of the cases, chosen by a hash of the text (stable across runs and machines)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=2).digest()[0] % 3 == 0


TUNE_SECRETS = [c for c in SECRETS if not held_out(c[0])]
HELD_SECRETS = [c for c in SECRETS if held_out(c[0])]
TUNE_LOOK_ALIKES = [t for t in LOOK_ALIKES if not held_out(t)]
HELD_LOOK_ALIKES = [t for t in LOOK_ALIKES if held_out(t)]


def leaked(text: str, redacted: str, secret: str) -> bool:
    """Whether any piece of ``secret`` survives in ``redacted``: the whole, or any 6-character
    piece of it (4 for short secrets) that did not already appear elsewhere in ``text``."""
    if secret in redacted:
        return True
    k = min(6, len(secret))
    rest = text.replace(secret, "\0")
    return any(
        secret[i : i + k] in redacted and secret[i : i + k] not in rest for i in range(len(secret) - k + 1)
    )


def caught(text: str, secrets: tuple[str, ...], redact) -> bool:
    out = redact(text)
    return all(not leaked(text, out, s) for s in secrets)


def measure(redact) -> dict[str, tuple[int, int]]:
    """(passed, total) for secrets caught and look-alikes left intact, on each part."""
    return {
        "tune secrets caught": (sum(caught(t, s, redact) for t, s in TUNE_SECRETS), len(TUNE_SECRETS)),
        "held secrets caught": (sum(caught(t, s, redact) for t, s in HELD_SECRETS), len(HELD_SECRETS)),
        "tune look-alikes intact": (sum(redact(t) == t for t in TUNE_LOOK_ALIKES), len(TUNE_LOOK_ALIKES)),
        "held look-alikes intact": (sum(redact(t) == t for t in HELD_LOOK_ALIKES), len(HELD_LOOK_ALIKES)),
    }
