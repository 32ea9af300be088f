"""Results by e-mail: what a member asked for (results on, the address a link
confirmed, the language they read), whether a club e-mails them, and the outbox
the sender delivers (series.mail)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('series', '0031_federations'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='club',
            name='results_by_email',
            field=models.BooleanField(default=True, verbose_name='night results by e-mail'),
        ),
        migrations.AddField(
            model_name='profile',
            name='confirmed_email',
            field=models.EmailField(blank=True, max_length=254),
        ),
        migrations.AddField(
            model_name='profile',
            name='language',
            field=models.CharField(blank=True, max_length=10),
        ),
        migrations.AddField(
            model_name='profile',
            name='results_by_email',
            field=models.BooleanField(default=False),
        ),
        migrations.CreateModel(
            name='OutgoingMail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('result', 'Result'), ('correction', 'Correction'), ('confirm', 'Confirm')], max_length=12)),
                ('night_id', models.UUIDField(null=True)),
                ('close', models.PositiveIntegerField(default=0)),
                ('facts', models.JSONField(default=dict)),
                ('message_id', models.CharField(max_length=200, unique=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('due_at', models.DateTimeField()),
                ('attempts', models.PositiveIntegerField(default=0)),
                ('outcome', models.CharField(blank=True, choices=[('', 'Waiting'), ('sent', 'Sent'), ('skipped', 'Skipped'), ('failed', 'Failed')], default='', max_length=8)),
                ('sent_at', models.DateTimeField(null=True)),
                ('error', models.TextField(blank=True)),
                ('club', models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='series.club')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'indexes': [models.Index(condition=models.Q(('outcome', '')), fields=['due_at'], name='mail_waiting_due')],
                'constraints': [models.UniqueConstraint(condition=models.Q(('night_id__isnull', False)), fields=('night_id', 'close', 'user'), name='mail_once_per_close_and_member')],
            },
        ),
    ]
