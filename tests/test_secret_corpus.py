"""A corpus of realistic secrets that must never be stored, and look-alikes that must be left
alone (#13 item 4). Each secret sits in a chat sentence; the test checks the secret's
characters are gone from what the redactor returns, and that look-alikes come back unchanged."""

from __future__ import annotations

import pytest

from autogen_zettel.base.config import load_config
from autogen_zettel.trust.privacy import Redactor, redact
from tests.crashkit import ROOT

# (sentence, the secret part that must disappear)
SECRETS = [
    # JWTs
    (
        "my session token is eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok",
        "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
    (
        "Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJhY21lIiwiZXhwIjoxNzAwMDAwMDAwfQ.c2lnbmF0dXJlLXBhcnQtaGVyZQ",
        "eyJpc3MiOiJhY21lIiwiZXhwIjoxNzAwMDAwMDAwfQ",
    ),
    ("use eyJhbGciOiJub25lIn0.eyJ1c2VyIjoiYm9iIn0. for the test", "eyJ1c2VyIjoiYm9iIn0"),
    # Stripe, Slack, Discord webhooks
    (
        "the stripe key is sk_live_51HxQ2bKz8vLmNpQrStUvWxYz0123456789",
        "sk_live_51HxQ2bKz8vLmNpQrStUvWxYz0123456789",
    ),
    ("restricted key rk_live_4eC39HqLyjWDarjtT1zdp7dc9a8b7c6d", "rk_live_4eC39HqLyjWDarjtT1zdp7dc9a8b7c6d"),
    ("test with sk_test_4eC39HqLyjWDarjtT1zdp7dc please", "sk_test_4eC39HqLyjWDarjtT1zdp7dc"),
    (
        "post to https://hooks.slack.com/services/T024BE7LD/B01ABCDEF12/Xc9sHgT2ZqW8vYpLmN3kR7aB and done",
        "Xc9sHgT2ZqW8vYpLmN3kR7aB",
    ),
    (
        "webhook: https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xy",
        "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xy",
    ),
    ("slack bot xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "AbCdEfGhIjKlMnOpQrStUvWx"),
    # cloud keys
    (
        "AWS id AKIAIOSFODNN7EXAMPLE and secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ),
    (
        "the secret is Zk8vQ2xWm4Np7Rt1Yb6Hc3Jd9Lf0Gs5Ta2Ue8Vi4 keep it",
        "Zk8vQ2xWm4Np7Rt1Yb6Hc3Jd9Lf0Gs5Ta2Ue8Vi4",
    ),
    (
        "aws_secret_access_key = 9drTJvcXLB89EXAMPLELB8923FB892xMFI+KEYs",
        "9drTJvcXLB89EXAMPLELB8923FB892xMFI+KEYs",
    ),
    ("access id ASIAY34FZKBOKMUTVV7A for the role", "ASIAY34FZKBOKMUTVV7A"),
    ("google key AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI works", "AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI"),
    (
        "AccountKey=lJzRc1YdHaAA2KCNJJ1tkYwF/+mKK6Ygw0NGe170Xu592euJv2wYUtBlV8z+qnlcNQSnIYVTkLWntUO1F8j8rQ== in the conn string",
        "lJzRc1YdHaAA2KCNJJ1tkYwF",
    ),
    # code hosts and registries
    ("my token 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", "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"),
    ("gitlab glpat-xR4nD0mT0k3nV4lu3aBc pushes", "glpat-xR4nD0mT0k3nV4lu3aBc"),
    ("npm publish with npm_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "npm_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"),
    (
        "pypi-AgEIcHlwaS5vcmcCJGE4ZjM5YjY3LWQ4MjEtNGI2Zi05ZmQxLTA3ZGM4YzYwNTQ1ZgACJXsicGVybWlzc2lvbnMiOiAidXNlciJ9 is the upload token",
        "AgEIcHlwaS5vcmcCJGE4ZjM5YjY3",
    ),
    (
        "hugging face hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567 for the hub",
        "hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567",
    ),
    (
        "sendgrid 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 key",
        "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr",
    ),
    ("openai sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 here", "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("anthropic sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-yz here", "AbCdEfGhIjKlMnOpQrStUvWx"),
    ("twilio SK0123456789abcdef0123456789abcdef is the key", "SK0123456789abcdef0123456789abcdef"),
    # credentials in URLs
    ("connect to postgres://app:S3cr3t!pw@db.example.com:5432/prod now", "S3cr3t!pw"),
    ("mysql://root:hunter2@10.0.0.5/shop", "hunter2"),
    ("redis://default:p4ss#word@cache:6379", "p4ss#word"),
    ("clone https://bob:tok3nValue99@git.example.org/repo.git", "tok3nValue99"),
    ("amqp://guest:Gu3st-Pa$$@rabbit:5672/", "Gu3st-Pa$$"),
    # passwords in prose
    ("the password for my bank is Tr0ub4dor&3 so remember it", "Tr0ub4dor&3"),
    ("The password to the wifi is blue-sky-42.", "blue-sky-42"),
    ("pw: orangeJuice77", "orangeJuice77"),
    ("my pw is qwerty123!", "qwerty123"),
    ("password = letmein2024", "letmein2024"),
    ("my passphrase is correct horse battery staple.", "horse battery staple"),
    ('the passphrase is "purple monkey dishwasher lamp"', "monkey dishwasher lamp"),
    ("seed phrase: abandon ability able about above absent absorb abstract", "ability able about"),
    ('password: "two words"', "two words"),
    ("the passcode for the door is 77331", "77331"),
    ("my gmail password was Sunshine!99", "Sunshine!99"),
    ("密码是 abc12345xyz", "abc12345xyz"),
    # PINs
    ("my PIN 4921 for the card", "4921"),
    ("PIN is 0731.", "0731"),
    ("the pin for my phone is 135790", "135790"),
    ("pin code: 8642", "8642"),
    # payment cards
    ("card 4111 1111 1111 1111 exp 12/27", "1111 1111 1111"),
    ("card 4111.1111.1111.1111 on file", "4111.1111.1111.1111"),
    ("amex 3782-822463-10005 please", "822463"),
    ("mastercard 5500005555555559", "5500005555555559"),
    ("discover 6011.1111.1111.1117", "6011.1111.1111.1117"),
    ("visa 4012-8888-8888-1881.", "4012-8888-8888-1881"),
    # IBANs
    ("iban gb82 west 1234 5698 7654 32 for rent", "1234 5698 7654"),
    ("pay to DE89370400440532013000", "DE89370400440532013000"),
    ("IBAN: NL91 ABNA 0417 1643 00", "0417 1643"),
    ("account fr1420041010050500013m02606", "fr1420041010050500013m02606"),
    # SSNs and national ids
    ("my SSN is 536 22 8841", "536 22 8841"),
    ("ssn 536-22-8841", "536-22-8841"),
    ("social security number: 536228841", "536228841"),
    ("ID 11010519491231002X", "11010519491231002X"),
    # private keys, whole and cut short
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7x3pQ\n-----END RSA PRIVATE KEY-----",
        "MIIEowIBAAKCAQEA7x3pQ",
    ),
    (
        "here: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ",
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ",
    ),
    ("-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"),
    (
        "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY/PuoAoGCCqGSM49",
        "MHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY",
    ),
    # formats added with #25: config assignments, headers, more providers, other languages
    ("export DB_PASSWORD=Xk93!mq7z and restart", "Xk93!mq7z"),
    ("set POSTGRES_PASSWORD: pg_s3cret_55 in compose", "pg_s3cret_55"),
    ('the config has {"password": "correct horse"} inside', "correct horse"),
    ("{'api_key': 'a1b2c3d4e5f6g7h8'}", "a1b2c3d4e5f6g7h8"),
    ("client_secret=QmFzZTY0U2VjcmV0VmFsdWU", "QmFzZTY0U2VjcmV0VmFsdWU"),
    ("Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA"),
    ("curl -H 'Authorization: Bearer abc123def456ghi789' https://api", "abc123def456ghi789"),
    (
        "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==",
        "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA",
    ),
    (
        "https://acct.blob.core.windows.net/c/f.txt?sv=2021-08-06&se=2024&sr=b&sp=r&sig=G7xQ%2Bk2m9ZpLw4Rt8Yv1Bn3Hs6Jd0Fq%3D",
        "G7xQ%2Bk2m9ZpLw4Rt8Yv1Bn3Hs6Jd0Fq",
    ),
    (
        "slack app token xapp-1-A012ABCD3EF-1234567890123-0a1b2c3d4e5f6a7b8c9d0e1f",
        "A012ABCD3EF-1234567890123",
    ),
    (
        "shopify 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 for the store",
        "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",
    ),
    (
        "digitalocean dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    ),
    (
        "stripe webhook whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw is set",
        "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    ),
    ("mailgun key-3ax6xnjp29jd6fds4gc373sgvjxteol0 sends", "key-3ax6xnjp29jd6fds4gc373sgvjxteol0"),
    ("bot 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1 posts", "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1"),
    ("aws_session_token=FwoGZXIvYXdzEJr//////////wEaDMx7H+abcdEFGH1234", "FwoGZXIvYXdzEJr"),
    (
        "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: k\nPublic-Lines: 1\nAAAAB3Nza\nPrivate-Lines: 2\n"
        "AAABAQCxPr1vKeYBodyLine1\nAAAAgQDsecondBodyLine\nPrivate-MAC: 5f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f90",
        "AAABAQCxPr1vKeYBodyLine1",
    ),
    (
        "npm config //registry.npmjs.org/:_authToken=npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
        "AbCdEfGhIjKlMnOpQrStUvWxYz01",
    ),
    ("mein Passwort ist Sommer2024!", "Sommer2024"),
    ("Das Kennwort für den Router lautet Fritz-Box-77.", "Fritz-Box-77"),
    ("mon mot de passe est soleil42", "soleil42"),
    ("le mot de passe du wifi : Bonjour#2024", "Bonjour#2024"),
    ("mi contraseña es gato1234", "gato1234"),
    ("la contraseña del banco es Madrid-99", "Madrid-99"),
    ("minha senha é banana77", "banana77"),
    ("a senha do email é Rio2024#", "Rio2024#"),
    ("мой пароль: qwerty12", "qwerty12"),
    ("пароль от почты — Zima2024", "Zima2024"),
    ("パスワードはsakura2024です", "sakura2024"),
    ("暗証番号は4921", "4921"),
    ("CVV 123 on the back", "123"),
    ("the security code is 4455.", "4455"),
    ("cvc: 987 for that card", "987"),
    ("my passport number is X1234567", "X1234567"),
    ("Passport no. C01X00T47 expires in 2030", "C01X00T47"),
    ("Reisepass Nummer C4F7G9H2K", "C4F7G9H2K"),
    ("pay ES9121000418450200051332 today", "ES9121000418450200051332"),
    ("send it to GB82WEST12345698765432 please", "GB82WEST12345698765432"),
    ("IBAN DE89 3704 0044 0532 0130 00 thanks", "0532 0130"),
    ("gitlab runner GR1348941AbCdEfGhIjKlMnOpQrSt registers", "GR1348941AbCdEfGhIjKlMnOpQrSt"),
    ("mailchimp 0123456789abcdef0123456789abcdef-us12 list", "0123456789abcdef0123456789abcdef-us12"),
    ("square sq0csp-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdE", "AbCdEfGhIjKlMnOpQrStUvWxYz"),
    ("my aadhaar number is 2345 6789 0123", "6789 0123"),
    ("CPF 111.444.777-35 for the invoice", "111.444.777-35"),
    ("national insurance number: AB 12 34 56 C", "12 34 56"),
    (
        "age key AGE-SECRET-KEY-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQS0 here",
        "QYQSZQGPQYQSZQGP",
    ),
    ("vault token hvs.CAESIJ3nW7xK9pL2mQ8rT5vY1zA4bC6dE", "CAESIJ3nW7xK9pL2mQ8rT5vY1zA4bC6dE"),
    ("gcp access ya29.a0AfH6SMBx7yR8k2mZp4LqW9vNt3Hc works", "a0AfH6SMBx7yR8k2mZp4LqW9vNt3Hc"),
]

# ordinary text with numbers, ids and words a redactor must leave alone
NOT_SECRETS = [
    "We meet on 2024-03-01 at 09:30.",
    "The release is v1.2.3 and the next is 4.11.1111.",
    "Order #123456789012 shipped.",
    "Call me at extension 4921 tomorrow.",
    "My PIN number is something I never share.",
    "I reset my password yesterday.",
    "The password policy needs 12 characters.",
    "Pi is 3.14159265358979 roughly.",
    "Invoice 1234 5678 9012 3456 is paid.",
    "The build id is 3f786850e387550fdab836ed7e6dc881de23001b.",
    "UUID 123e4567-e89b-12d3-a456-426614174000 is the run.",
    "ISBN 978-3-16-148410-0 is the book.",
    "The server is at 192.168.1.10 on port 8080.",
    "It costs $1,234,567.89 in total.",
    "Population was 8,336,817 in 2022.",
    "The zip code is 94103.",
    "We had 1 2 3 4 5 6 7 8 9 10 11 12 13 guests.",
    "Coordinates 48.8566, 2.3522 are Paris.",
    "Flight LH 1234 leaves at 7.",
    "Room 4111 is on the fourth floor.",
    "The meeting id is 853 2291 0043.",
    "Tracking 1Z999AA10123456784 arrives Monday.",
    "Call 555-0100 for the front desk.",
    "Version 2024.03.01.2 ships today.",
    "Serial AB12-CD34-EF56 is on the box.",
    "The score was 21-19, 21-17.",
    "I ran 10.5 km in 52:13.",
    "Chapter 12, verse 4921.",
    "Ticket JIRA-4921 is closed.",
    "Use the PIN pad on the left.",
    "pin the tab to the top",
    "The pin is on the map.",
    "Bus 42 then tram 7.",
    "He was born in 1987 and moved in 2001.",
    "Temperature 21.5 C, humidity 64%.",
    "GB is 1024 MB.",
    "The DE team won 3-1.",
    "NL and BE are neighbours.",
    "My password manager is great.",
    "The word password has eight letters.",
    "The passphrase feature is new.",
    "The dataset has 536 22 rows per file.",
    "Tax id of the company is public.",
    "We use sk-learn for models.",
    "The config key is api_key_env.",
    "Read the docs at https://example.com/docs/v2.",
    "Clone https://github.com/org/repo.git.",
    "postgres://localhost:5432/app has no password.",
    "The hash sha256:abc123 is short.",
    "Call the function with x=1, y=2.",
    "Pay 25.00 EUR by Friday.",
    "Timestamp 1700000000 is in 2023.",
    "The ratio is 16:9.",
    "My phone is old.",
    "The bank is open 9-17.",
    "The AWS region is eu-west-1.",
    "I counted 4111 birds.",
    "It was 11.11.2011 at 11:11.",
    "Product SKU 0123456789012 is in stock.",
    "The model is MiniLM-L6-v2.",
    "Section 4.1.1 covers that.",
    # look-alikes added with #25: words near the new keywords that are not secrets
    "The token ring network is old.",
    "token: tomorrow we decide",
    "Set DEBUG=true and PORT=8080.",
    "password: required",
    "The API_KEY variable is empty.",
    "Authorization: required for admins.",
    "Basic authentication is disabled.",
    "This is a basic question.",
    "The sig figure is 3.",
    "SharedAccessKeyName is a setting name.",
    "Use xapp tokens for socket mode.",
    "Shopify stores use shpat tokens.",
    "key-value stores are fast.",
    "The meeting is at 12:30:45.",
    "Call 123456789 at 10:15.",
    "Ich habe mein Passwort vergessen.",
    "Das Passwort ist zu kurz.",
    "J'ai oublié mon mot de passe.",
    "Olvidé mi contraseña.",
    "Esqueci minha senha.",
    "Я забыл пароль.",
    "パスワードを忘れました。",
    "The CVV is on the back of the card.",
    "My passport is in the drawer.",
    "The passport office opens at 9.",
    "Passport photos cost 10 euros.",
    "Send the security code by SMS.",
    "ES is the country code of Spain.",
    "pay ES91 next month",
    "GB82 is not a full IBAN.",
    "The word sig means signature.",
    "Private-Lines is a PuTTY field name.",
    "Our DB has 1,200 tables.",
    "The secret of success is work.",
    "The secret is out: we are moving.",
    "Tokens per second: 42.",
    "The password field is masked.",
    "Bearer bonds are old finance.",
    "It was a basic setup with two nodes.",
    "The key-note speaker was late.",
    "We sold 4455 units.",
    "Room 987 is upstairs.",
    "Use cvc-lint for the styles.",
    "do_v1 is an old API name.",
    "whsec is the prefix Stripe uses.",
    "The DNI office is closed.",
    "My id card is in my wallet.",
    "The NINO form is online.",
    "Aadhaar enrolment opens on Monday.",
    "Order 111.444.777-00 shipped.",
]


def test_the_corpus_is_big_enough():
    assert len(SECRETS) >= 100 and len(NOT_SECRETS) >= 100


@pytest.mark.parametrize("text,secret", SECRETS, ids=[s[:30] for _, s in SECRETS])
def test_every_secret_is_redacted(text, secret):
    out = redact(text).text
    assert secret not in out, out
    assert "[redacted" in out


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_look_alikes_are_left_alone(text):
    assert redact(text).text == text


US_PHONES = [
    "Call me at (415) 555-0132 tonight.",
    "my cell is 415-555-0132",
    "Text 415.555.0132 please",
    "+1 415 555 0132 is my number",
    "reach me on 1-800-555-0199",
]


@pytest.mark.parametrize("text", US_PHONES)
def test_us_phone_numbers_are_cut_with_the_private_preset(text):
    cfg = load_config(ROOT / "configs" / "private.yaml")
    out = Redactor.from_config(cfg.privacy).redact(text).text
    assert "555" not in out, out
