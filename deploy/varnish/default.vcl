# Varnish in front of the site servers (docs/operations.md "A cache in front").
# Debian's varnish 7.x with varnish-modules (xkey). The site server says what may be kept
# (Cache-Control: public, s-maxage, stale-while-revalidate, stale-if-error) and under which
# keys (xkey, Surrogate-Key); the origin purges by key (CACHE_PURGE_URLS=http://<this>/).
# Tested by tests/integration/edge-cache-varnish.test.ts, which replaces the backends block.
vcl 4.1;

import std;
import directors;
import xkey;

# backends:start (the site servers; replace with yours)
probe site_ready {
    # 503 while a site server drains for shutdown or has no origin: it is left out.
    .url = "/readyz";
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}
backend site_1 { .host = "127.0.0.1"; .port = "3000"; .probe = site_ready; }
backend site_2 { .host = "127.0.0.1"; .port = "3001"; .probe = site_ready; }
sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(site_1);
    site.add_backend(site_2);
}
# backends:end

# Who may purge: the origins (CACHE_PURGE_URLS points here).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge !~ "^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$") {
            return (synth(400, "xkey-purge must name surrogate keys"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone));
    }
    # This request's id (docs/operations.md "Logs"): the site servers trust it (TRUST_PROXY)
    # and log under it; a browser's own is never taken. varnishlog finds it by the number.
    set req.http.x-request-id = "varnish-" + req.xid;
    set req.backend_hint = site.backend();
    # Stale for M (the site's stale-while-revalidate) while the site answers; for up to E
    # (stale-if-error, the object's grace) when it failed once already (vcl_deliver) or
    # no site server is healthy.
    if (req.http.x-stale-if-error || !std.healthy(req.backend_hint)) {
        set req.grace = 86400s;
    } else {
        set req.grace = 60s;
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A customer session: that visitor's answers, never from or into the cache.
    if (req.http.Cookie ~ "(^|;\s*)st1_session=") {
        return (pass);
    }
    # Personal or one-off whoever asks (the site server marks them private as well).
    if (req.url ~ "^/(api|proxy|preview|payment-return|payment-callback|payment-gateway)(/|\?|$)") {
        return (pass);
    }
    if (req.url ~ "^/(\?|$)") {
        # The root path detects the locale of a first visit: a link followed on the site
        # sets the cookie, so it is the visitor's own answer.
        if (req.http.Sec-Fetch-Site == "same-origin") {
            return (pass);
        }
        # The locale cookie is the only one it reads, and with one it does not read
        # Accept-Language: the answer varies (Vary: Cookie) by that cookie alone.
        set req.http.x-locale = regsub(req.http.Cookie,
            "^(.*;\s*)?i18n_redirected=(fi-FI|en-EU|sv-SE|no-NO)(;.*)?$", "\2");
        # Without it, the answer is detected for this visitor (and sets the cookie).
        if (req.http.x-locale !~ "^(fi-FI|en-EU|sv-SE|no-NO)$") {
            return (pass);
        }
        set req.http.Cookie = "i18n_redirected=" + req.http.x-locale;
        unset req.http.x-locale;
        unset req.http.Accept-Language;
    } else {
        # No other page reads a cookie (consent and analytics ones are the browser's).
        unset req.http.Cookie;
    }
    return (hash);
}

sub vcl_backend_fetch {
    # A miss (after a purge, or a page not yet kept): the page as it is now. A site server
    # drops its own render of a changed page (RENDER_CACHE_TTL_MS) within a second of the
    # change; a fetch just after the purge would otherwise get the render from before it,
    # and this cache would keep that for s-maxage. A refresh of a copy that merely aged
    # (a background fetch in grace) and a pass (a session) take the site server's render:
    # it is current, and the refreshes of many copies at once do not become as many renders.
    if (!bereq.uncacheable && !bereq.is_bgfetch) {
        set bereq.http.Cache-Control = "no-cache";
    }
}

sub vcl_backend_response {
    # stale-if-error: a site server's error never replaces a copy; the visitor is asked
    # again with the longer grace (vcl_deliver), and gets the copy if there is one.
    if (beresp.status >= 500) {
        if (bereq.is_bgfetch || !bereq.http.x-stale-if-error) {
            return (abandon);
        }
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # The live stream (Server-Sent Events, docs/stations.md "Live while open"): passed in
    # vcl_recv like all of /api, and here handed on byte by byte as it comes (streaming is
    # Varnish's default; said so that no later change turns it off), never compressed
    # (a compressor would hold the events back). The site server's comment every 15 s
    # keeps it inside the backend's between-bytes timeout (60 s by default).
    if (bereq.url ~ "^/api/v1/stations/live-stream(\?|$)") {
        set beresp.do_stream = true;
        set beresp.do_gzip = false;
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Never stored: a cookie being set, or an answer the site marked private or no-store.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store|no-cache)" ||
        beresp.http.Cache-Control !~ "(public|s-maxage)") {
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # TTL comes from s-maxage. The object is kept for E (stale-if-error); vcl_recv limits
    # the grace a healthy request may use to M.
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 60s);
    }
    # Kept a little longer still, so that a refresh can be a conditional request (304).
    set beresp.keep = 1h;
    # Up to a quarter shorter, at random: pages fetched together (after a purge of `site`,
    # a restart, a spike's first second) would otherwise expire together, and their
    # refreshes reach the site servers as one burst, past their SHED_MAX_IN_FLIGHT, so that
    # a session's request arriving then got a 503. Never longer than the site's s-maxage.
    set beresp.ttl = beresp.ttl * std.random(0.75, 1.0);
    return (deliver);
}

sub vcl_backend_error {
    if (bereq.is_bgfetch || !bereq.http.x-stale-if-error) {
        return (abandon);
    }
}

sub vcl_synth {
    # An abandoned fetch (the site failed): once more, allowing a stale copy.
    if (resp.status == 503 && req.method == "GET" && req.restarts == 0 && !req.http.x-stale-if-error &&
        resp.reason != "Forbidden") {
        set req.http.x-stale-if-error = "1";
        return (restart);
    }
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # Each visitor's own request id, not the one of the fetch that stored the copy.
    set resp.http.x-request-id = req.http.x-request-id;
    # The keys are for this cache and the origin's purges, not for browsers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    # A revalidated page (304) keeps what describes the stored answer (RFC 9110 15.4.5),
    # not the 1.4 KB of security headers the browser's copy carries already. Varnish turns
    # the answer into a 304 after this subroutine, so the test is the one it will make: the
    # browser names exactly the stored ETag (anything else gets the whole answer, headers too).
    if (resp.status == 304 || (req.http.If-None-Match && req.http.If-None-Match == resp.http.ETag)) {
        unset resp.http.Content-Security-Policy;
        unset resp.http.Permissions-Policy;
        unset resp.http.Cross-Origin-Opener-Policy;
        unset resp.http.Cross-Origin-Resource-Policy;
        unset resp.http.Origin-Agent-Cluster;
        unset resp.http.Referrer-Policy;
        unset resp.http.Strict-Transport-Security;
        unset resp.http.X-Content-Type-Options;
        unset resp.http.X-DNS-Prefetch-Control;
        unset resp.http.X-Download-Options;
        unset resp.http.X-Frame-Options;
        unset resp.http.X-Permitted-Cross-Domain-Policies;
        unset resp.http.X-XSS-Protection;
        unset resp.http.Content-Type;
    }
}
