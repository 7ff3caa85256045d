// SPDX-License-Identifier: BSD-2-Clause
/*
 * The RTC class: calendar arithmetic, the list of registered clocks, and
 * the system clock set from the first one (Linux's hctosys).  Portable C.
 */
#define pr_fmt(fmt) "rtc: " fmt

#include <linux/export.h>
#include <linux/rtc.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/time.h>

static const unsigned char days_in_month[12] = {
	31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
};

/* See include/linux/rtc.h for the calendar helpers' contracts. */
int rtc_month_days(unsigned int month, unsigned int year)
{
	return days_in_month[month] + (month == 1 && is_leap_year(year));
}
EXPORT_SYMBOL(rtc_month_days);

int rtc_year_days(unsigned int day, unsigned int month, unsigned int year)
{
	unsigned int m;
	int yday = (int)day - 1;

	for (m = 0; m < month; m++)
		yday += rtc_month_days(m, year);
	return yday;
}
EXPORT_SYMBOL(rtc_year_days);

int rtc_valid_tm(const struct rtc_time *tm)
{
	if (tm->tm_year < 70 || tm->tm_year > 9999 - 1900 ||
	    tm->tm_mon < 0 || tm->tm_mon > 11 ||
	    tm->tm_mday < 1 ||
	    tm->tm_mday > rtc_month_days((unsigned int)tm->tm_mon,
					 (unsigned int)tm->tm_year + 1900) ||
	    tm->tm_hour < 0 || tm->tm_hour > 23 ||
	    tm->tm_min < 0 || tm->tm_min > 59 ||
	    tm->tm_sec < 0 || tm->tm_sec > 59)
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL(rtc_valid_tm);

/* Days from 1970-01-01 to the given date, any year from 1 on. */
static s64 days_from_epoch(s64 year, unsigned int month, unsigned int mday)
{
	/* Count years from March, so the leap day ends a year. */
	s64 y = year - (month < 2);
	s64 era = y / 400;
	s64 yoe = y - era * 400;
	unsigned int mp = (month + 10) % 12;      /* March = 0 */
	s64 doy = (153 * mp + 2) / 5 + mday - 1;
	s64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + doe - 719468;
}

time64_t rtc_tm_to_time64(const struct rtc_time *tm)
{
	s64 days = days_from_epoch((s64)tm->tm_year + 1900, (unsigned int)tm->tm_mon,
				   (unsigned int)tm->tm_mday);

	return days * 86400 + tm->tm_hour * 3600 + tm->tm_min * 60 + tm->tm_sec;
}
EXPORT_SYMBOL(rtc_tm_to_time64);

void rtc_time64_to_tm(time64_t time, struct rtc_time *tm)
{
	s64 days = time / 86400;
	s64 secs = time % 86400;
	s64 year = 1970;

	if (secs < 0) {
		secs += 86400;
		days--;
	}
	/* 1970-01-01 was a Thursday. */
	tm->tm_wday = (int)(((days % 7) + 11) % 7);

	while (days < 0) {
		year--;
		days += is_leap_year((unsigned int)year) ? 366 : 365;
	}
	for (;;) {
		int ylen = is_leap_year((unsigned int)year) ? 366 : 365;

		if (days < ylen)
			break;
		days -= ylen;
		year++;
	}
	tm->tm_year = (int)(year - 1900);
	tm->tm_yday = (int)days;
	for (tm->tm_mon = 0; ; tm->tm_mon++) {
		int mlen = rtc_month_days((unsigned int)tm->tm_mon, (unsigned int)year);

		if (days < mlen)
			break;
		days -= mlen;
	}
	tm->tm_mday = (int)days + 1;
	tm->tm_hour = (int)(secs / 3600);
	tm->tm_min = (int)(secs % 3600 / 60);
	tm->tm_sec = (int)(secs % 60);
	tm->tm_isdst = 0;
}
EXPORT_SYMBOL(rtc_time64_to_tm);

/* ---- ISO 8601 ----------------------------------------------------------- */

/* Exactly @n decimal digits at *@s; advances past them. */
static int parse_digits(const char **s, int n, int *val)
{
	int v = 0;

	while (n--) {
		if (**s < '0' || **s > '9')
			return -EINVAL;
		v = v * 10 + (*(*s)++ - '0');
	}
	*val = v;
	return 0;
}

static int expect(const char **s, char c)
{
	if (**s != c)
		return -EINVAL;
	(*s)++;
	return 0;
}

int rtc_parse_iso8601(const char *s, struct rtc_time *tm)
{
	struct rtc_time t;
	int year, mon;

	if (!s)
		return -EINVAL;
	memset(&t, 0, sizeof(t));
	if (parse_digits(&s, 4, &year) || expect(&s, '-') ||
	    parse_digits(&s, 2, &mon) || expect(&s, '-') ||
	    parse_digits(&s, 2, &t.tm_mday) || expect(&s, 'T') ||
	    parse_digits(&s, 2, &t.tm_hour) || expect(&s, ':') ||
	    parse_digits(&s, 2, &t.tm_min) || expect(&s, ':') ||
	    parse_digits(&s, 2, &t.tm_sec))
		return -EINVAL;
	if (*s == 'Z')
		s++;
	if (*s)
		return -EINVAL;
	t.tm_year = year - 1900;
	t.tm_mon = mon - 1;
	if (rtc_valid_tm(&t))
		return -EINVAL;
	/* Fill weekday and day of year from the date itself. */
	rtc_time64_to_tm(rtc_tm_to_time64(&t), tm);
	return 0;
}
EXPORT_SYMBOL(rtc_parse_iso8601);

void rtc_format_iso8601(const struct rtc_time *tm, char *buf, size_t size)
{
	/* Fields of a valid time fit their widths; the modulos say so. */
	snprintf(buf, size, "%04u-%02u-%02uT%02u:%02u:%02uZ",
		 (unsigned int)(tm->tm_year + 1900) % 10000u,
		 (unsigned int)(tm->tm_mon + 1) % 100u, (unsigned int)tm->tm_mday % 100u,
		 (unsigned int)tm->tm_hour % 100u, (unsigned int)tm->tm_min % 100u,
		 (unsigned int)tm->tm_sec % 100u);
}
EXPORT_SYMBOL(rtc_format_iso8601);

/* ---- the class ---------------------------------------------------------- */

static struct rtc_device *rtcs;

/* The RTC named rtcN for N = @id, or NULL. */
struct rtc_device *rtc_class_find(int id)
{
	struct rtc_device *r;

	for (r = rtcs; r; r = r->next)
		if (r->id == id)
			return r;
	return NULL;
}

/* Return: 0; -ENODEV without read_time; the driver's error; -EINVAL for
 * an invalid time from the chip. */
int rtc_read_time(struct rtc_device *rtc, struct rtc_time *tm)
{
	int ret;

	if (!rtc || !rtc->ops || !rtc->ops->read_time)
		return -ENODEV;
	memset(tm, 0, sizeof(*tm));
	ret = rtc->ops->read_time(rtc->parent, tm);
	if (ret)
		return ret;
	return rtc_valid_tm(tm);
}
EXPORT_SYMBOL(rtc_read_time);

/* A chip is read back this long after being set: it may have ticked. */
#define RTC_SET_SLACK_SECONDS	2

/*
 * Return: 0; -EINVAL for an invalid @tm (the chip is not touched);
 * -ENODEV without set_time; the driver's error; -EIO when the chip reads
 * back a different time than it was given (logged with both).
 */
int rtc_set_time(struct rtc_device *rtc, struct rtc_time *tm)
{
	struct rtc_time t, back;
	char want[24], got[24];
	time64_t delta;
	int ret;

	if (rtc_valid_tm(tm))
		return -EINVAL;
	if (!rtc || !rtc->ops || !rtc->ops->set_time)
		return -ENODEV;
	/* Drivers get a consistent weekday and day of year. */
	rtc_time64_to_tm(rtc_tm_to_time64(tm), &t);
	ret = rtc->ops->set_time(rtc->parent, &t);
	if (ret)
		return ret;
	ret = rtc_read_time(rtc, &back);
	if (ret) {
		pr_err("%s: set, but cannot read the time back: %s\n", rtc->name, errname(ret));
		return ret;
	}
	delta = rtc_tm_to_time64(&back) - rtc_tm_to_time64(&t);
	if (delta < 0 || delta > RTC_SET_SLACK_SECONDS) {
		rtc_format_iso8601(&t, want, sizeof(want));
		rtc_format_iso8601(&back, got, sizeof(got));
		pr_err("%s: set to %s but reads back %s: the chip did not take it (EIO)\n",
		       rtc->name, want, got);
		return -EIO;
	}
	return 0;
}
EXPORT_SYMBOL(rtc_set_time);

/* The first RTC sets the system clock, once (Linux's hctosys). */
static void rtc_hctosys(struct rtc_device *rtc)
{
	struct rtc_time tm;
	char buf[24];
	int ret = rtc_read_time(rtc, &tm);

	if (ret) {
		pr_err("%s: cannot read the time: %s; system clock not set\n",
		       rtc->name, errname(ret));
		return;
	}
	timekeeping_set_real_seconds(rtc_tm_to_time64(&tm));
	rtc_format_iso8601(&tm, buf, sizeof(buf));
	pr_info("%s: system clock set to %s\n", rtc->name, buf);
}

/* See include/linux/rtc.h: ERR_PTR(-EINVAL) without read_time,
 * ERR_PTR(-ENOMEM).  The first RTC sets the system clock. */
struct rtc_device *rtc_device_register(const char *name, struct device *parent,
				       const struct rtc_class_ops *ops)
{
	struct rtc_device *rtc, **pp;
	int id = 0;

	if (!ops || !ops->read_time)
		return ERR_PTR(-EINVAL);
	while (rtc_class_find(id))
		id++;
	rtc = kzalloc(sizeof(*rtc), GFP_KERNEL);
	if (!rtc)
		return ERR_PTR(-ENOMEM);
	rtc->id = id;
	rtc->parent = parent;
	rtc->ops = ops;
	snprintf(rtc->name, sizeof(rtc->name), "rtc%u", (unsigned int)id % 1000u);
	for (pp = &rtcs; *pp; pp = &(*pp)->next)
		;
	*pp = rtc;
	pr_info("%s: %s on %s\n", rtc->name, name ? name : "clock",
		parent ? dev_name(parent) : "?");
	if (id == 0)
		rtc_hctosys(rtc);
	return rtc;
}
EXPORT_SYMBOL(rtc_device_register);

/* Take @rtc out of the class and free it (an ERR_PTR or NULL is ignored). */
void rtc_device_unregister(struct rtc_device *rtc)
{
	struct rtc_device **pp;

	if (IS_ERR_OR_NULL(rtc))
		return;
	for (pp = &rtcs; *pp; pp = &(*pp)->next) {
		if (*pp == rtc) {
			*pp = rtc->next;
			break;
		}
	}
	kfree(rtc);
}
EXPORT_SYMBOL(rtc_device_unregister);

/* ---- the system clock ------------------------------------------------------ */

/*
 * Wall time is the RTC's reading plus the uptime since it was taken: the
 * RTC is read once at boot (and again after `date -s`), not on every call.
 */
static time64_t wall_base = -1;
static u64 wall_base_ms;

/*
 * Weak default for builds without the tick (the host library, the fuzzer):
 * no uptime, so the wall clock stays where it was set.  kernel/time.c's
 * uptime_ms() replaces it in the kernel; host tests may bring their own.
 */
__attribute__((weak)) u64 uptime_ms(void)
{
	return 0;
}

void timekeeping_set_real_seconds(time64_t secs)
{
	wall_base = secs;
	wall_base_ms = uptime_ms();
}

time64_t ktime_get_real_seconds(void)
{
	if (wall_base < 0)
		return -1;
	return wall_base + (time64_t)((uptime_ms() - wall_base_ms) / 1000);
}
EXPORT_SYMBOL(ktime_get_real_seconds);
